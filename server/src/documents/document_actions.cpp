#include "documents/document_actions.hpp"

#include <algorithm>
#include <cctype>

#include "blobs/blob_store.hpp"
#include "core/clock.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "documents/document_writer.hpp"
#include "documents/errors.hpp"
#include "documents/extraction.hpp"
#include "documents/file_checks.hpp"
#include "documents/file_type.hpp"
#include "documents/properties.hpp"
#include "documents/request_fields.hpp"
#include "documents/upload_lifecycle.hpp"
#include "documents/upload_quota.hpp"
#include "documents/versions.hpp"
#include "environments/environment.hpp"
#include "index/search_index.hpp"
#include "records/case_actions.hpp"
#include "records/errors.hpp"
#include "types/document_definition.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

constexpr std::size_t kMaxVersionComments = 4000;

const types::DocumentDefinition* definitionOf(environments::Environment& environment) {
  return environment.catalog().documents.get();
}

Error changedMeanwhile(const Document& current) {
  return std::move(Error::of(errors::kChanged,
                             "This document was changed by " + current.modifiedByName + " at " +
                                 current.modifiedAt +
                                 " after you opened it. Reload it to see their changes."))
      .withDetail("changedBy", current.modifiedByName)
      .withDetail("changedAt", current.modifiedAt)
      .withDetail("rowVersion", current.rowVersion);
}

Error checkedOutByOther(const Document& document) {
  return std::move(Error::of(errors::kCheckedOut, "This document is checked out by " +
                                                      document.checkedOutByName + " since " +
                                                      document.checkedOutAt +
                                                      ". It can be changed when they check it in."))
      .withDetail("checkedOutBy", document.checkedOutByName)
      .withDetail("checkedOutAt", document.checkedOutAt);
}

// Why a person may not change a document: someone else's check-out is a 409 (it passes); no
// right to change the case is a 403.
Status mayChange(const DocumentAccess& access) {
  if (access.canModify) {
    return {};
  }
  if (access.document.checkedOut() && !access.checkedOutByMe && access.parent.access.canModify) {
    return checkedOutByOther(access.document);
  }
  return Error::of(errors::kChangeDenied, access.cantEditReason);
}

Error uploadTaken() {
  return Error::of(errors::kUploadTaken,
                   "This uploaded file was saved as a document already; one upload becomes "
                   "one document. Add the file again to file it once more.");
}

// Takes the person's uploads for the documents being written, in their transaction: an upload
// another save took meanwhile refuses this one, and nothing of it is written.
Status takeUploads(db::Connection& db, const api::Session& session,
                   const std::vector<std::string>& uploadIds) {
  for (const auto& id : uploadIds) {
    if (!takeUpload(db, id, session.username, Clock::now())) {
      return uploadState(db, id, session.username) == UploadState::Taken
                 ? uploadTaken()
                 : Error::of(errors::kUploadUnknown,
                             "The uploaded file was not found: it may have expired. Add it again.");
    }
  }
  return {};
}

// A finished upload of this person for this case becomes a version's file.
Result<StoredVersion> versionFromUpload(environments::Environment& environment,
                                        const api::Session& session, std::string_view caseNumber,
                                        const std::string& uploadId) {
  {
    auto db = environment.db().acquire();
    if (uploadState(*db, uploadId, session.username) == UploadState::Taken) {
      return uploadTaken();
    }
  }
  const auto upload = environment.uploads().find(uploadId, session.username);
  // Case numbers are matched as people type them, in any case (addresses are lower-cased).
  const auto sameCase = [&](const std::string& named) {
    return std::equal(named.begin(), named.end(), caseNumber.begin(), caseNumber.end(),
                      [](char a, char b) {
                        return std::tolower(static_cast<unsigned char>(a)) ==
                               std::tolower(static_cast<unsigned char>(b));
                      });
  };
  if (!upload || !sameCase(upload->caseNumber)) {
    return Error::of(errors::kUploadUnknown,
                     "The uploaded file was not found: it may have expired. Add it again.");
  }
  if (upload->blob.empty() || upload->offset < upload->length) {
    return Error::of(
        errors::kUploadUnfinished,
        "The file " + upload->fileName + " has not finished uploading. Wait for it, then save.");
  }
  if (!environment.blobs().contains(upload->blob)) {
    return Error::of(errors::kUploadUnknown,
                     "The uploaded file was not found: it may have expired. Add it again.");
  }
  // Its content was recognised, and found to agree with its name, when its last byte arrived
  // (upload_routes); only the allowed types are asked again, as the configuration may have changed
  // since.
  const auto extension = extensionOf(upload->fileName);
  const auto& allowed = definitionOf(environment)->allowedTypes;
  if (std::find(allowed.begin(), allowed.end(), extension) == allowed.end()) {
    return Error::of(errors::kFileType,
                     "Files of this type cannot be added here (." + extension + ").");
  }
  StoredVersion version;
  version.fileName = upload->fileName;
  version.blob = upload->blob;
  version.fileSize = upload->length;
  version.fileType = extension;
  version.mediaType = mediaTypeFor(extension);
  return version;
}

// The file name without its extension, as a new document's title when none was given.
std::string titleFromFileName(const std::string& name) {
  const auto dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

// Runs one change of a document in one transaction: the access check, the change, the commit;
// then the search index is told.
template <typename Change>
Result<DocumentAccess> changeDocument(environments::Environment& environment,
                                      const api::Session& session, std::string_view caseNumber,
                                      std::string_view guid, Change&& change) {
  if (definitionOf(environment) == nullptr) {
    return documentsNotKept();
  }
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    auto access = documentAccess(*db, environment.catalog(), caseNumber, guid, session.userId,
                                 session.username);
    if (!access) {
      return std::move(access).error();
    }
    auto changed = change(*db, *access);
    if (!changed) {
      return std::move(changed).error();
    }
    transaction.commit();
    if (auto* index = environment.index()) {
      index->notify();
    }
    return accessTo(environment.catalog(), std::move(access->parent), std::move(access->document),
                    session.userId, session.username);
  }
}

}  // namespace

Result<std::vector<std::string>> addDocuments(environments::Environment& environment,
                                              const api::Session& session,
                                              std::string_view caseNumber,
                                              const json::object& properties,
                                              const std::vector<std::string>& uploadIds,
                                              const FiledWith& with) {
  const auto* definition = definitionOf(environment);
  if (definition == nullptr) {
    return documentsNotKept();
  }
  const auto& catalog = environment.catalog();
  Document blank;
  auto read = readProperties(catalog, properties, blank, true, session.username);
  if (!read) {
    return std::move(read).error();
  }
  if (read->electronic() && uploadIds.empty()) {
    return std::move(Error::of(errors::kFileRequired, "ValidationFailed: add a file to upload."))
        .withField("upload", "A file is required.");
  }
  if (!read->electronic() && !uploadIds.empty()) {
    return Error::of(errors::kFileNotExpected,
                     "ValidationFailed: a link or a place has no file. Choose Electronic "
                     "to upload files.");
  }
  for (auto id = uploadIds.begin(); id != uploadIds.end(); ++id) {
    if (std::find(uploadIds.begin(), id, *id) != id) {
      return Error::of(errors::kUploadRepeated,
                       "The same uploaded file is listed twice; each upload becomes one "
                       "document. List it once.");
    }
  }
  std::vector<StoredVersion> files;
  for (const auto& id : uploadIds) {
    auto version = versionFromUpload(environment, session, caseNumber, id);
    if (!version) {
      return std::move(version).error();
    }
    version->major = 1;
    version->minor = 0;
    files.push_back(std::move(*version));
  }
  std::vector<std::string> guids;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    auto parent = visibleCase(*db, catalog, caseNumber, session.username);
    if (!parent) {
      return std::move(parent).error();
    }
    if (!parent->access.canModify) {
      return Error::of(errors::kChangeDenied,
                       parent->access.readOnlyReason.empty()
                           ? "You are not allowed to add documents to this case."
                           : parent->access.readOnlyReason);
    }
    // Filed with one of the case's actions when the documents are added from it.
    std::optional<std::int64_t> actionId;
    if (!with.actionGuid.empty()) {
      const auto action = records::findAction(*db, with.actionGuid);
      if (!action || action->caseId != parent->record.id) {
        return Error::of(records::errors::kCaseactionNotFound,
                         "This action is not there any more.");
      }
      actionId = action->id;
    }
    if (auto taken = takeUploads(*db, session, uploadIds); !taken) {
      return std::move(taken).error();
    }
    const auto now = Clock::now();
    const auto actor = api::actorOf(session);
    const auto add = [&](Document document, StoredVersion* file) {
      document.caseId = parent->record.id;
      document.actionId = actionId;
      document.report = with.report;
      createDocument(*db, document, file, {"created", documentChanges(Document{}, document)}, actor,
                     now);
      guids.push_back(document.guid);
    };
    if (files.empty()) {
      add(*read, nullptr);
    }
    for (auto& file : files) {
      Document document = *read;
      document.extRefFilename = file.fileName;
      if (document.title.empty() || files.size() > 1) {
        document.title = titleFromFileName(file.fileName);
      }
      document.major = 1;
      document.minor = 0;
      add(std::move(document), &file);
    }
    transaction.commit();
  }
  // The uploads are documents now; their folders go (their blobs stay, referred to).
  for (const auto& id : uploadIds) {
    endUpload(environment, id, session.username);
  }
  if (auto* index = environment.index()) {
    index->notify();
  }
  wakeExtraction();
  return guids;
}

Result<std::string> fileGenerated(environments::Environment& environment,
                                  const api::Session& session,
                                  const api::GeneratedDocument& generated,
                                  const std::optional<api::GeneratedReport>& report) {
  auto upload = beginServerUpload(environment, session.username, generated.content.size(),
                                  generated.fileName, generated.caseNumber);
  if (!upload) {
    return std::move(upload).error();
  }
  if (auto appended = appendToUpload(environment, upload->id, session.username, 0,
                                     std::string(generated.content));
      !appended) {
    endUpload(environment, upload->id, session.username);
    return std::move(appended).error();
  }
  FiledWith with;
  if (report) {
    with.report = FiledReport{report->code, report->data};
  }
  auto guids = addDocuments(environment, session, generated.caseNumber,
                            json::object{{"Title", generated.title}, {"ExtRefType", kElectronic}},
                            {upload->id}, with);
  if (!guids) {
    endUpload(environment, upload->id, session.username);
    return std::move(guids).error();
  }
  return guids->front();
}

Result<DocumentAccess> saveProperties(environments::Environment& environment,
                                      const api::Session& session, std::string_view caseNumber,
                                      std::string_view guid, const json::object& properties,
                                      std::optional<std::int64_t> rowVersion) {
  return changeDocument(
      environment, session, caseNumber, guid,
      [&](db::Connection& db, DocumentAccess& access) -> Status {
        auto& document = access.document;
        if (rowVersion && *rowVersion != document.rowVersion) {
          return changedMeanwhile(document);
        }
        if (auto may = mayChange(access); !may) {
          return may;
        }
        auto changed =
            readProperties(environment.catalog(), properties, document, false, session.username);
        if (!changed) {
          return std::move(changed).error();
        }
        auto fields = documentChanges(document, *changed);
        if (fields.empty()) {
          return {};  // nothing changed: nothing written (spec 2 §5)
        }
        const auto expected = document.rowVersion;
        document = std::move(*changed);
        if (!updateDocument(db, document, expected, nullptr, {"updated", std::move(fields)},
                            api::actorOf(session), Clock::now())) {
          return changedMeanwhile(document);
        }
        return {};
      });
}

Result<DocumentAccess> checkOut(environments::Environment& environment, const api::Session& session,
                                std::string_view caseNumber, std::string_view guid) {
  return changeDocument(
      environment, session, caseNumber, guid,
      [&](db::Connection& db, DocumentAccess& access) -> Status {
        auto& document = access.document;
        if (!document.electronic()) {
          return Error::of(errors::kNotAFile,
                           "Only a file can be checked out; a link or a place is edited in "
                           "its properties.");
        }
        if (access.checkedOutByMe) {
          return Error::of(errors::kAlreadyCheckedOut,
                           "You have this document checked out already.");
        }
        if (auto may = mayChange(access); !may) {
          return may;
        }
        const auto now = Clock::now();
        document.checkedOutBy = session.userId;
        document.checkedOutByName = session.displayName;
        document.checkedOutAt = formatIsoTime(now);
        updateDocument(db, document, document.rowVersion, nullptr,
                       {"checkedOut",
                        {{"CheckOutStatus", "Check Out Status", json::value("Checked In"),
                          json::value("Checked out by " + session.displayName)}}},
                       api::actorOf(session), now);
        access.checkedOutByMe = true;
        return {};
      });
}

Result<DocumentAccess> undoCheckOut(environments::Environment& environment,
                                    const api::Session& session, std::string_view caseNumber,
                                    std::string_view guid) {
  return changeDocument(
      environment, session, caseNumber, guid,
      [&](db::Connection& db, DocumentAccess& access) -> Status {
        auto& document = access.document;
        if (!document.checkedOut()) {
          return Error::of(errors::kNotCheckedOut, "This document is not checked out.");
        }
        if (!access.checkedOutByMe) {
          return checkedOutByOther(document);
        }
        const auto who = document.checkedOutByName;
        document.checkedOutBy.reset();
        document.checkedOutByName.clear();
        document.checkedOutAt.clear();
        updateDocument(db, document, document.rowVersion, nullptr,
                       {"checkOutUndone",
                        {{"CheckOutStatus", "Check Out Status",
                          json::value("Checked out by " + who), json::value("Checked In")}}},
                       api::actorOf(session), Clock::now());
        return {};
      });
}

Result<DocumentAccess> checkIn(environments::Environment& environment, const api::Session& session,
                               std::string_view caseNumber, std::string_view guid,
                               const CheckIn& request) {
  const auto* definition = definitionOf(environment);
  if (definition == nullptr) {
    return documentsNotKept();
  }
  const auto& settings = definition->versions;
  if (!request.uploadId && !settings.hideFileUpload) {
    return std::move(
               Error::of(errors::kFileRequired, "ValidationFailed: check in needs the new file."))
        .withField("upload", "A file is required.");
  }
  std::string comments = request.versionComments;
  if (settings.commentPrompt == types::VersionCommentPrompt::No) {
    comments.clear();
  } else if (settings.commentPrompt == types::VersionCommentPrompt::DisplayAndMandatory &&
             comments.empty()) {
    return std::move(Error::of(errors::kCommentRequired,
                               "ValidationFailed: version comments are mandatory."))
        .withField("VersionComments", "Version Comments are mandatory.");
  }
  if (comments.size() > kMaxVersionComments) {
    return std::move(
               Error::of(errors::kInvalid, "ValidationFailed: version comments are too long."))
        .withField("VersionComments", "At most 4000 characters.");
  }
  std::optional<StoredVersion> file;
  if (request.uploadId) {
    auto version = versionFromUpload(environment, session, caseNumber, *request.uploadId);
    if (!version) {
      return std::move(version).error();
    }
    file = std::move(*version);
  }
  auto result = changeDocument(
      environment, session, caseNumber, guid,
      [&](db::Connection& db, DocumentAccess& access) -> Status {
        auto& document = access.document;
        if (request.rowVersion && *request.rowVersion != document.rowVersion) {
          return changedMeanwhile(document);
        }
        if (!document.checkedOut()) {
          return Error::of(errors::kNotCheckedOut,
                           "Check the document out before checking in a new version.");
        }
        if (!access.checkedOutByMe) {
          return checkedOutByOther(document);
        }
        if (auto may = mayChange(access); !may) {
          return may;
        }
        if (request.uploadId) {
          if (auto taken = takeUploads(db, session, {*request.uploadId}); !taken) {
            return taken;
          }
        }
        auto changed = readProperties(environment.catalog(), request.properties, document, false,
                                      session.username);
        if (!changed) {
          return std::move(changed).error();
        }
        StoredVersion version = file ? *file : *document.current;
        const auto next =
            checkInVersion({document.major, document.minor},
                           request.incrementMajorVersion && !settings.hideIncrementMajorVersion);
        version.major = next.major;
        version.minor = next.minor;
        version.comments = comments;
        const Document before = document;
        document = std::move(*changed);
        document.major = next.major;
        document.minor = next.minor;
        document.extRefFilename = version.fileName;
        document.checkedOutBy.reset();
        document.checkedOutByName.clear();
        document.checkedOutAt.clear();
        auto fields = documentChanges(before, document);
        fields.push_back({"CheckOutStatus", "Check Out Status",
                          json::value("Checked out by " + before.checkedOutByName),
                          json::value("Checked In")});
        if (!comments.empty()) {
          fields.push_back({"VersionComments", "Version Comments", nullptr, json::value(comments)});
        }
        if (!updateDocument(db, document, before.rowVersion, &version,
                            {"checkedIn", std::move(fields)}, api::actorOf(session),
                            Clock::now())) {
          return changedMeanwhile(before);
        }
        return {};
      });
  if (result) {
    wakeExtraction();  // the new version's text is to be read
    if (request.uploadId) {
      endUpload(environment, *request.uploadId, session.username);
    }
  }
  return result;
}

Result<DocumentAccess> revertToVersion(environments::Environment& environment,
                                       const api::Session& session, std::string_view caseNumber,
                                       std::string_view guid, std::int64_t versionId,
                                       std::string comments) {
  const auto* definition = definitionOf(environment);
  if (definition != nullptr && !definition->versions.enabled) {
    return Error::of(errors::kVersionsDisabled,
                     "Versions are not kept here, so there is nothing to revert to.");
  }
  if (comments.size() > kMaxVersionComments) {
    return std::move(
               Error::of(errors::kInvalid, "ValidationFailed: version comments are too long."))
        .withField("VersionComments", "At most 4000 characters.");
  }
  auto result = changeDocument(
      environment, session, caseNumber, guid,
      [&](db::Connection& db, DocumentAccess& access) -> Status {
        auto& document = access.document;
        if (auto may = mayChange(access); !may) {
          return may;
        }
        const auto earlier = findVersion(db, document.id, versionId);
        if (!earlier) {
          return Error::of(errors::kVersionNotFound,
                           "This document has no such version to revert to.");
        }
        if (document.currentVersionId == earlier->id) {
          return Error::of(errors::kAlreadyCurrent, "This is the current version already.");
        }
        const auto label = versionLabel({earlier->major, earlier->minor});
        StoredVersion version = *earlier;
        const auto next = checkInVersion({document.major, document.minor}, false);
        version.major = next.major;
        version.minor = next.minor;
        version.comments = comments.empty() ? "Reverted to version " + label : comments;
        const Document before = document;
        document.major = next.major;
        document.minor = next.minor;
        document.extRefFilename = version.fileName;
        auto fields = documentChanges(before, document);
        fields.push_back(
            {"VersionComments", "Version Comments", nullptr, json::value(version.comments)});
        if (!updateDocument(db, document, before.rowVersion, &version,
                            {"reverted", std::move(fields)}, api::actorOf(session), Clock::now())) {
          return changedMeanwhile(before);
        }
        return {};
      });
  if (result) {
    wakeExtraction();  // the new version's text is to be read (or found read already)
  }
  return result;
}

Result<DocumentAccess> renameFile(environments::Environment& environment,
                                  const api::Session& session, std::string_view caseNumber,
                                  std::string_view guid, std::string_view fileName) {
  if (auto name = checkFileName(fileName); !name) {
    return std::move(name).error();
  }
  return changeDocument(
      environment, session, caseNumber, guid,
      [&](db::Connection& db, DocumentAccess& access) -> Status {
        auto& document = access.document;
        if (!document.electronic()) {
          return Error::of(errors::kNotAFile,
                           "Only a file has a file name to rename; a link or a place is "
                           "edited in its properties.");
        }
        if (document.checkedOut()) {
          return Error::of(errors::kRenameCheckedOut,
                           "You cannot rename a checked-out document, the document must be "
                           "checked-in before the rename can occur.");
        }
        if (auto may = mayChange(access); !may) {
          return may;
        }
        const auto extension = extensionOf(document.extRefFilename);
        if (extensionOf(fileName) != extension) {
          return std::move(
                     Error::of(errors::kRenameExtension,
                               "ValidationFailed: the file name must keep its ending" +
                                   (extension.empty() ? std::string(" (none)") : " ." + extension) +
                                   ", which says what kind of file it is."))
              .withField("ExtRefFilename", "Keep the ending ." + extension + ".");
        }
        if (fileName == document.extRefFilename) {
          return {};
        }
        const Document before = document;
        document.extRefFilename = std::string(fileName);
        if (!updateDocument(db, document, before.rowVersion, nullptr,
                            {"renamed", documentChanges(before, document)}, api::actorOf(session),
                            Clock::now())) {
          return changedMeanwhile(before);
        }
        return {};
      });
}

Status deleteDocument(environments::Environment& environment, const api::Session& session,
                      std::string_view caseNumber, std::string_view guid) {
  auto result = changeDocument(
      environment, session, caseNumber, guid,
      [&](db::Connection& db, DocumentAccess& access) -> Status {
        auto& document = access.document;
        if (auto may = mayChange(access); !may) {
          return may;
        }
        if (access.checkedOutByMe) {
          return Error::of(errors::kDeleteCheckedOut,
                           "Check the document in or undo your check-out before deleting "
                           "it.");
        }
        const Document before = document;
        document.deleted = true;
        if (!updateDocument(db, document, before.rowVersion, nullptr,
                            {"deleted", {{"Title", "Title", json::value(before.title), nullptr}}},
                            api::actorOf(session), Clock::now())) {
          return changedMeanwhile(before);
        }
        return {};
      });
  if (!result) {
    return std::move(result).error();
  }
  return {};
}

}  // namespace dossier::documents
