#include <algorithm>
#include <fstream>
#include <sstream>

#include "blobs/blob_store.hpp"
#include "db/connection.hpp"
#include "documents/document_writer.hpp"
#include "documents/file_checks.hpp"
#include "documents/file_type.hpp"
#include "documents/properties.hpp"
#include "documents/versions.hpp"
#include "environments/environment.hpp"
#include "seed/sample_store.hpp"
#include "types/document_definition.hpp"

namespace dossier::seed {

namespace fs = std::filesystem;
namespace json = boost::json;

namespace {

// A sample's file, read from the environment's folder: a path inside it, of an allowed type.
Result<documents::StoredVersion> readFile(SampleStore& store, const SampleFile& given,
                                          const std::string& path) {
  const auto& environment = store.environment;
  const auto relative = fs::path(given.file).lexically_normal();
  if (relative.is_absolute() || relative.empty() || *relative.begin() == "..") {
    return store.problem(path, "'" + given.file + "' is not a file of the environment's folder");
  }
  const auto name = relative.filename().string();
  const auto extension = documents::extensionOf(name);
  const auto& allowed = environment.catalog().documents->allowedTypes;
  if (std::find(allowed.begin(), allowed.end(), extension) == allowed.end()) {
    return store.problem(
        path, "." + extension + " files are not allowed (allowedTypes in " + "documents.yaml)");
  }
  std::ifstream in(environment.config().folder / relative, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  if (!in || content.str().empty()) {
    return store.problem(
        path, "'" + given.file + "' cannot be read from " + environment.config().folder.string());
  }
  if (auto size = documents::checkFileSize(content.str().size(),
                                           environment.catalog().documents->maxFileSize);
      !size) {
    return store.problem(path, size.error().message);
  }
  auto& blobs = environment.blobs();
  auto blob = blobs.put(content.str());
  if (!blob) {
    return std::move(blob).error();
  }
  documents::StoredVersion version;
  version.fileName = name;
  version.blob = blob->sha256;
  version.fileSize = blob->size;
  version.fileType = extension;
  version.mediaType = documents::mediaTypeFor(extension);
  version.comments = given.comments;
  return version;
}

Status storeDocument(SampleStore& store, const SampleDocument& given,
                     const records::Record& record) {
  const auto& catalog = store.environment.catalog();
  documents::Document blank;
  blank.caseId = record.id;
  // The properties as the properties screen checks them, for the administrator who is the only
  // user of a first start (a security group is one they belong to).
  auto read = documents::readProperties(catalog, given.properties, blank, true, "admin");
  if (!read) {
    std::string problems = read.error().message;
    for (const auto& [field, message] : read.error().fieldErrors) {
      problems += " " + field + ": " + message;
    }
    return store.problem(given.path, problems);
  }
  auto document = std::move(*read);
  document.caseId = record.id;
  if (given.versions.empty()) {
    documents::createDocument(store.db, document, nullptr,
                              {"created", documents::documentChanges({}, document)}, store.actor,
                              store.now);
    return {};
  }
  for (std::size_t i = 0; i < given.versions.size(); ++i) {
    const auto path =
        given.path + (given.versions.size() == 1 ? std::string(".file")
                                                 : ".versions[" + std::to_string(i) + "].file");
    auto version = readFile(store, given.versions[i], path);
    if (!version) {
      return std::move(version).error();
    }
    if (i == 0) {
      version->major = 1;
      version->minor = 0;
      document.major = 1;
      document.minor = 0;
      document.extRefFilename = version->fileName;
      if (document.title.empty()) {
        document.title = fs::path(version->fileName).stem().string();
      }
      documents::createDocument(store.db, document, &*version,
                                {"created", documents::documentChanges({}, document)}, store.actor,
                                store.now);
      continue;
    }
    // Each later version as a check-in stores it.
    const auto next =
        documents::checkInVersion({document.major, document.minor}, given.versions[i].major);
    version->major = next.major;
    version->minor = next.minor;
    const auto before = document;
    document.major = next.major;
    document.minor = next.minor;
    document.extRefFilename = version->fileName;
    auto fields = documents::documentChanges(before, document);
    if (!version->comments.empty()) {
      fields.push_back(
          {"VersionComments", "Version Comments", nullptr, json::value(version->comments)});
    }
    documents::updateDocument(store.db, document, before.rowVersion, &*version,
                              {"checkedIn", std::move(fields)}, store.actor, store.now);
  }
  if (!given.checkedOutBy.empty()) {
    if (auto known = store.knownUser(given.checkedOutBy, given.path + ".checkedOutBy"); !known) {
      return known;
    }
    store.forUsers.push_back(json::object{{"user", given.checkedOutBy},
                                          {"document", document.id},
                                          {"caseNumber", record.caseNumber},
                                          {"path", given.path}});
  }
  return {};
}

}  // namespace

Status storeDocuments(SampleStore& store, const SampleRecord& sample,
                      const records::Record& record) {
  if (sample.documents.empty()) {
    return {};
  }
  if (store.environment.catalog().documents == nullptr) {
    return store.problem(sample.path + ".documents",
                         "this environment keeps no documents (it has no documents.yaml)");
  }
  for (const auto& document : sample.documents) {
    if (auto stored = storeDocument(store, document, record); !stored) {
      return stored;
    }
  }
  return {};
}

}  // namespace dossier::seed
