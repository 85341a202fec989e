#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "db/connection.hpp"

struct sqlite3;

namespace dossier::db::sqlite {

class SqliteStatement;

// A connection to an SQLite file in WAL mode, with foreign keys on and a busy timeout.
class SqliteConnection final : public Connection {
 public:
  static std::unique_ptr<SqliteConnection> open(const std::filesystem::path& file);
  ~SqliteConnection() override;

  void executeScript(const std::string& sql) override;
  int changes() const override;
  Dialect dialect() const override { return Dialect::Sqlite; }
  const std::string& describe() const override { return description_; }
  const std::filesystem::path& file() const { return file_; }
  Schema describeSchema() override;
  std::int64_t newRowId(std::string_view table) override;

  [[noreturn]] void fail(const char* what) const;

 protected:
  Statement* prepare(std::string_view sql) override;
  void beginWrite() override;
  void beginSnapshot() override;
  void setWaiting(bool waiting) override;

 private:
  friend class SqliteStatement;
  SqliteConnection(sqlite3* handle, std::filesystem::path file);

  sqlite3* handle_;
  std::filesystem::path file_;
  std::string description_;
  std::unordered_map<std::string, std::unique_ptr<SqliteStatement>> cache_;
};

}  // namespace dossier::db::sqlite
