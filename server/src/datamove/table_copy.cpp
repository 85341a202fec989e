#include "datamove/table_copy.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "datamove/move_error.hpp"
#include "db/connection.hpp"
#include "db/identifiers.hpp"

namespace dossier::datamove {

namespace {

using Value = std::variant<std::nullptr_t, std::int64_t, double, std::string>;
using Row = std::vector<Value>;

Value valueAt(const db::Query& rows, int column, const std::string& family) {
  if (rows.isNull(column)) {
    return nullptr;
  }
  if (family == "integer") {
    return rows.integer(column);
  }
  if (family == "real") {
    return rows.real(column);
  }
  return rows.text(column);
}

std::size_t sizeOf(const Value& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text != nullptr ? text->size() : sizeof(std::int64_t);
}

void bindValue(db::Query& query, int index, const Value& value) {
  std::visit([&](const auto& each) { query.bind(index, each); }, value);
}

std::string joined(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& name : names) {
    list += (list.empty() ? "" : ", ") + db::quotedIdentifier(name);
  }
  return list;
}

std::vector<std::string> primaryKeyOf(const db::SchemaTable& table) {
  std::vector<const db::SchemaColumn*> key;
  for (const auto& column : table.columns) {
    if (column.primaryKeyPosition > 0) {
      key.push_back(&column);
    }
  }
  std::ranges::sort(key, {}, &db::SchemaColumn::primaryKeyPosition);
  std::vector<std::string> names;
  for (const auto* column : key) {
    names.push_back(column->name);
  }
  return names;
}

// Writes rows with multi-row INSERTs, as many rows to a statement as both backends' limits on
// parameters allow.
class RowWriter {
 public:
  RowWriter(db::Connection& target, const db::SchemaTable& table)
      : target_(target),
        columns_(table.columns.size()),
        head_("INSERT INTO " + db::quotedIdentifier(table.name) + " (" +
              [&] {
                std::vector<std::string> names;
                for (const auto& column : table.columns) {
                  names.push_back(column.name);
                }
                return joined(names);
              }() +
              ") VALUES "),
        perStatement_(std::clamp<std::size_t>(30000 / std::max<std::size_t>(columns_, 1), 1, 100)) {
  }

  void write(const std::vector<Row>& rows) {
    for (std::size_t start = 0; start < rows.size(); start += perStatement_) {
      const auto count = std::min(perStatement_, rows.size() - start);
      auto statement = target_.query(sqlFor(count));
      int index = 0;
      for (std::size_t row = start; row < start + count; ++row) {
        for (const auto& value : rows[row]) {
          bindValue(statement, ++index, value);
        }
      }
      while (statement.step()) {
      }
    }
  }

 private:
  const std::string& sqlFor(std::size_t rows) {
    auto& sql = statements_[rows];
    if (sql.empty()) {
      sql = head_;
      int parameter = 0;
      for (std::size_t row = 0; row < rows; ++row) {
        sql += row == 0 ? "(" : ", (";
        for (std::size_t column = 0; column < columns_; ++column) {
          sql += (column == 0 ? "?" : ", ?") + std::to_string(++parameter);
        }
        sql += ")";
      }
    }
    return sql;
  }

  db::Connection& target_;
  std::size_t columns_;
  std::string head_;
  std::size_t perStatement_;
  std::map<std::size_t, std::string> statements_;
};

// Sets the columns naming rows of their own table, now that every row is there.
void writeSelfReferences(db::Connection& source, db::Connection& target, const TablePlan& plan,
                         const std::vector<std::string>& key, const Batches& batches) {
  if (key.size() != 1) {
    throw MoveError("The table " + plan.table.name +
                    " refers to itself but has no single-column primary key to copy it by.");
  }
  const auto& table = plan.table.name;
  std::string select = "SELECT " + db::quotedIdentifier(key.front());
  std::string anySet;
  for (const auto& column : plan.selfReferences) {
    select += ", " + db::quotedIdentifier(column);
    anySet += (anySet.empty() ? "" : " OR ") + db::quotedIdentifier(column) + " IS NOT NULL";
  }
  select += " FROM " + db::quotedIdentifier(table) + " WHERE " + anySet;
  std::string update = "UPDATE " + db::quotedIdentifier(table) + " SET ";
  for (std::size_t i = 0; i < plan.selfReferences.size(); ++i) {
    update += (i == 0 ? "" : ", ") + db::quotedIdentifier(plan.selfReferences[i]) + " = ?" +
              std::to_string(i + 2);
  }
  update += " WHERE " + db::quotedIdentifier(key.front()) + " = ?1";

  const auto familyOf = [&](const std::string& name) {
    return std::ranges::find(plan.table.columns, name, &db::SchemaColumn::name)->type;
  };
  auto rows = source.query(select);
  bool more = rows.step();
  while (more) {
    db::Transaction transaction(target);
    for (std::size_t n = 0; more && n < batches.rows; ++n, more = rows.step()) {
      auto statement = target.query(update);
      bindValue(statement, 1, valueAt(rows, 0, familyOf(key.front())));
      for (std::size_t i = 0; i < plan.selfReferences.size(); ++i) {
        bindValue(statement, static_cast<int>(i) + 2,
                  valueAt(rows, static_cast<int>(i) + 1, familyOf(plan.selfReferences[i])));
      }
      while (statement.step()) {
      }
    }
    transaction.commit();
  }
}

}  // namespace

std::int64_t copyTable(db::Connection& source, db::Connection& target, const TablePlan& plan,
                       const Batches& batches, const std::function<void(std::int64_t)>& progress) {
  const auto& table = plan.table;
  const auto key = primaryKeyOf(table);
  std::vector<std::string> names;
  std::vector<bool> laterPass;
  for (const auto& column : table.columns) {
    names.push_back(column.name);
    const bool self =
        std::ranges::find(plan.selfReferences, column.name) != plan.selfReferences.end();
    if (self && column.notNull) {
      throw MoveError("The table " + table.name + " refers to itself through " + column.name +
                      ", which may not be empty, so its rows cannot be copied in any order.");
    }
    laterPass.push_back(self);
  }
  if (plan.seededByMigrations) {
    db::Transaction transaction(target);
    target.execute("DELETE FROM " + db::quotedIdentifier(table.name));
    transaction.commit();
  }

  RowWriter writer(target, table);
  std::int64_t copied = 0;
  std::vector<Row> batch;
  std::size_t batchBytes = 0;
  const auto flush = [&] {
    if (batch.empty()) {
      return;
    }
    db::Transaction transaction(target);
    writer.write(batch);
    transaction.commit();
    copied += static_cast<std::int64_t>(batch.size());
    batch.clear();
    batchBytes = 0;
    progress(copied);
  };
  const auto take = [&](const db::Query& rows) {
    Row row;
    row.reserve(names.size());
    std::size_t bytes = 0;
    for (std::size_t column = 0; column < names.size(); ++column) {
      row.push_back(laterPass[column]
                        ? Value(nullptr)
                        : valueAt(rows, static_cast<int>(column), table.columns[column].type));
      bytes += sizeOf(row.back());
    }
    batchBytes += bytes;
    batch.push_back(std::move(row));
    if (batch.size() >= batches.rows || batchBytes >= batches.bytes) {
      flush();
    }
    return bytes;
  };

  const std::string select =
      "SELECT " + joined(names) + " FROM " + db::quotedIdentifier(table.name);
  if (key.empty()) {
    // No key to page by: one read (no table of ours lacks one).
    auto rows = source.query(select);
    while (rows.step()) {
      take(rows);
    }
  } else {
    // A page at a time, in key order (ids ascending, as they were given), each page starting
    // after the last key read: a database server hands a statement's whole answer to its client
    // at once, so one read of a large table would hold all of it in memory. Pages shrink when
    // their rows are large, so that a page stays about a batch's bytes.
    std::vector<std::size_t> keyAt;
    for (const auto& name : key) {
      keyAt.push_back(static_cast<std::size_t>(std::ranges::find(names, name) - names.begin()));
    }
    std::string after = "(";
    for (std::size_t i = 0; i < key.size(); ++i) {
      after += (i == 0 ? "?" : ", ?") + std::to_string(i + 1);
    }
    after += ")";
    const auto order = " ORDER BY " + joined(key) + " LIMIT ";
    std::optional<Row> last;
    std::size_t limit = batches.rows;
    while (true) {
      auto rows = source.query(last ? select + " WHERE (" + joined(key) + ") > " + after + order +
                                          std::to_string(limit)
                                    : select + order + std::to_string(limit));
      if (last) {
        for (std::size_t i = 0; i < key.size(); ++i) {
          bindValue(rows, static_cast<int>(i) + 1, (*last)[i]);
        }
      }
      std::size_t read = 0;
      std::size_t bytes = 0;
      Row lastKey;
      while (rows.step()) {
        ++read;
        bytes += take(rows);
        lastKey.clear();
        for (const auto column : keyAt) {
          lastKey.push_back(valueAt(rows, static_cast<int>(column), table.columns[column].type));
        }
      }
      if (read < limit) {
        break;
      }
      last = std::move(lastKey);
      limit = bytes > batches.bytes ? std::max<std::size_t>(1, limit * batches.bytes / bytes)
                                    : batches.rows;
    }
  }
  flush();
  if (!plan.selfReferences.empty()) {
    writeSelfReferences(source, target, plan, key, batches);
  }
  return copied;
}

}  // namespace dossier::datamove
