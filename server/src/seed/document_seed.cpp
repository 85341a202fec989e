#include "seed/document_seed.hpp"

#include <random>
#include <vector>

#include "blobs/blob_store.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "documents/document_writer.hpp"
#include "documents/file_type.hpp"
#include "environments/environment.hpp"
#include "seed/document_files.hpp"
#include "seed/errors.hpp"
#include "types/document_definition.hpp"

namespace dossier::seed {

namespace {

constexpr std::int64_t kBatch = 500;

bool allowed(const types::DocumentDefinition& definition, const std::string& extension) {
  for (const auto& type : definition.allowedTypes) {
    if (type == extension) {
      return true;
    }
  }
  return false;
}

}  // namespace

Status seedDocuments(environments::Environment& environment, std::int64_t count, std::uint64_t seed,
                     const std::function<void(std::int64_t, std::int64_t)>& progress) {
  if (count <= 0) {
    return {};
  }
  const auto* definition = environment.catalog().documents.get();
  if (definition == nullptr) {
    return Error::of(errors::kNoDocuments, "The environment " + environment.key() +
                                               " keeps no documents (it has no documents.yaml).");
  }
  std::vector<std::int64_t> cases;
  {
    auto db = environment.db().acquire();
    auto row = db->query("SELECT id FROM cases ORDER BY id");
    while (row.step()) {
      cases.push_back(row.integer(0));
    }
  }
  if (cases.empty()) {
    return Error::of(errors::kNoCases,
                     "There are no cases to attach documents to: seed cases first "
                     "(--cases).");
  }
  std::mt19937_64 random(seed ^ 0x646f6373ull);
  DocumentGenerator generator(seed);
  auto& blobs = environment.blobs();
  const records::Actor actor{0, "seed", "Generated data"};
  std::int64_t done = 0;
  auto db = environment.db().acquire();
  while (done < count) {
    const auto batch = std::min(count - done, kBatch);
    db::Transaction transaction(*db);
    for (std::int64_t i = 0; i < batch; ++i) {
      auto file = generator.next();
      if (!allowed(*definition, file.extension)) {
        file.extension = "txt";
        file.fileName = file.title + ".txt";
        file.content = file.text + "\n";
      }
      const auto blob = blobs.put(file.content);
      if (!blob) {
        return std::move(blob).error();
      }
      documents::Document document;
      document.caseId =
          cases[std::uniform_int_distribution<std::size_t>(0, cases.size() - 1)(random)];
      document.title = file.title;
      document.extRefFilename = file.fileName;
      document.category = file.category;
      document.major = 1;
      documents::StoredVersion version;
      version.major = 1;
      version.fileName = file.fileName;
      version.blob = blob->sha256;
      version.fileSize = blob->size;
      version.fileType = file.extension;
      version.mediaType = documents::mediaTypeFor(file.extension);
      documents::createDocument(*db, document, &version,
                                {"created", documents::documentChanges({}, document)}, actor,
                                Clock::now());
      if (!file.scanned) {
        db->execute("UPDATE documents SET content = ?1, extraction_status = 'done' WHERE id = ?2",
                    file.text, document.id);
      }
    }
    transaction.commit();
    done += batch;
    if (progress) {
      progress(done, count);
    }
  }
  return {};
}

}  // namespace dossier::seed
