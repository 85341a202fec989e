#pragma once

#include <string>
#include <vector>

namespace dossier::db {

// A database's tables as both backends can describe them, in the same terms: column types as
// integer, real or text; indexes by their columns (an expression shows as "<expression>"); the
// unique constraints declared with a table, whose index names differ between backends, without a
// name. Used to check that both dialects' migrations yield the same schema, and to copy an
// environment from one backend to the other.
struct SchemaColumn {
  std::string name;
  std::string type;
  bool notNull = false;
  int primaryKeyPosition = 0;  // 0 when not part of the primary key
  bool operator==(const SchemaColumn&) const = default;
};

struct SchemaIndex {
  std::string name;  // empty for a table's own UNIQUE constraint
  bool unique = false;
  bool partial = false;
  std::vector<std::string> columns;
  bool operator==(const SchemaIndex&) const = default;
};

struct SchemaForeignKey {
  std::string column;
  std::string table;
  std::string tableColumn;
  bool operator==(const SchemaForeignKey&) const = default;
};

struct SchemaTable {
  std::string name;
  std::vector<SchemaColumn> columns;          // in their order
  std::vector<SchemaIndex> indexes;           // sorted
  std::vector<SchemaForeignKey> foreignKeys;  // sorted
  bool operator==(const SchemaTable&) const = default;
};

using Schema = std::vector<SchemaTable>;  // sorted by name

// "integer", "real", "text" or "bytes" for a declared column type of either backend.
std::string columnTypeFamily(std::string declared);

// Sorts what each backend lists in its own order.
void normalise(Schema& schema);

}  // namespace dossier::db
