#include "backup/manifest.hpp"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "backup/backup_error.hpp"

namespace dossier::backup {

namespace json = boost::json;

namespace {

// Reads the fields of a parsed manifest; the first field missing or of the wrong kind throws.
class Fields {
 public:
  Fields(const json::object& object, std::string file, std::string where)
      : object_(object), file_(std::move(file)), where_(std::move(where)) {}

  std::string text(std::string_view key) const {
    const auto* value = object_.if_contains(key);
    if (value == nullptr || !value->is_string()) {
      wrong(key, "a text");
    }
    return std::string(value->as_string());
  }

  std::int64_t count(std::string_view key) const {
    const auto* value = object_.if_contains(key);
    if (value == nullptr || !(value->is_int64() || value->is_uint64())) {
      wrong(key, "a whole number");
    }
    const auto number =
        value->is_int64() ? value->as_int64() : static_cast<std::int64_t>(value->as_uint64());
    if (number < 0) {
      wrong(key, "a whole number");
    }
    return number;
  }

  const json::object& object(std::string_view key) const {
    const auto* value = object_.if_contains(key);
    if (value == nullptr || !value->is_object()) {
      wrong(key, "an object");
    }
    return value->as_object();
  }

  const json::array& array(std::string_view key) const {
    const auto* value = object_.if_contains(key);
    if (value == nullptr || !value->is_array()) {
      wrong(key, "a list");
    }
    return value->as_array();
  }

  [[noreturn]] void wrong(std::string_view key, std::string_view kind) const {
    throw BackupError(file_ + " is not a Dossier backup: in its manifest.json, " + where_ +
                      std::string(key) + " is not " + std::string(kind) + ".");
  }

 private:
  const json::object& object_;
  std::string file_;
  std::string where_;
};

}  // namespace

std::string toJson(const Manifest& manifest) {
  json::object tables;
  for (const auto& [name, rows] : manifest.tables) {
    tables[name] = rows;
  }
  json::array members;
  for (const auto& member : manifest.members) {
    members.push_back(
        json::object{{"path", member.path}, {"size", member.size}, {"sha256", member.sha256}});
  }
  const json::object root{
      {"format", kFormatName},
      {"formatVersion", manifest.formatVersion},
      {"dossierVersion", manifest.dossierVersion},
      {"environment", manifest.environment},
      {"createdAt", manifest.createdAt},
      {"sourceDatabase", manifest.sourceDatabase},
      {"schemaVersion", manifest.schemaVersion},
      {"tables", std::move(tables)},
      {"blobs", json::object{{"count", manifest.blobs}, {"bytes", manifest.blobBytes}}},
      {"members", std::move(members)},
  };
  return json::serialize(root);
}

Manifest parseManifest(std::string_view text, const std::string& file) {
  boost::system::error_code ec;
  const auto parsed = json::parse(text, ec);
  if (ec || !parsed.is_object()) {
    throw BackupError(file + " is not a Dossier backup: its manifest.json is not a JSON object.");
  }
  const auto& root = parsed.as_object();
  const Fields fields(root, file, "");
  const auto* format = root.if_contains("format");
  if (format == nullptr || !format->is_string() || format->as_string() != kFormatName) {
    throw BackupError(file + " is not a Dossier backup: its manifest.json does not say format \"" +
                      kFormatName + "\".");
  }
  Manifest manifest;
  manifest.formatVersion = static_cast<int>(fields.count("formatVersion"));
  manifest.dossierVersion = fields.text("dossierVersion");
  if (manifest.formatVersion > kFormatVersion) {
    throw BackupError(file + " is a backup of format " + std::to_string(manifest.formatVersion) +
                      ", written by dossier " + manifest.dossierVersion +
                      "; this dossier reads format " + std::to_string(kFormatVersion) +
                      " only. Restore it with dossier " + manifest.dossierVersion + " or newer.");
  }
  manifest.environment = fields.text("environment");
  manifest.createdAt = fields.text("createdAt");
  manifest.sourceDatabase = fields.text("sourceDatabase");
  manifest.schemaVersion = static_cast<int>(fields.count("schemaVersion"));
  for (const auto& [name, rows] : fields.object("tables")) {
    if (!rows.is_int64() || rows.as_int64() < 0) {
      fields.wrong("tables." + std::string(name), "a whole number");
    }
    manifest.tables[std::string(name)] = rows.as_int64();
  }
  const Fields blobs(fields.object("blobs"), file, "blobs.");
  manifest.blobs = blobs.count("count");
  manifest.blobBytes = static_cast<std::uint64_t>(blobs.count("bytes"));
  const auto& members = fields.array("members");
  for (std::size_t i = 0; i < members.size(); ++i) {
    const auto where = "members[" + std::to_string(i) + "].";
    if (!members[i].is_object()) {
      fields.wrong("members[" + std::to_string(i) + "]", "an object");
    }
    const Fields member(members[i].as_object(), file, where);
    manifest.members.push_back({member.text("path"),
                                static_cast<std::uint64_t>(member.count("size")),
                                member.text("sha256")});
  }
  return manifest;
}

}  // namespace dossier::backup
