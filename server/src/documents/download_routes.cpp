#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "blobs/blob_store.hpp"
#include "blobs/errors.hpp"
#include "core/json_body.hpp"
#include "db/pool.hpp"
#include "documents/blob_body.hpp"
#include "documents/document_access.hpp"
#include "documents/downloads.hpp"
#include "documents/errors.hpp"
#include "documents/request_fields.hpp"
#include "documents/route_groups.hpp"
#include "documents/store_errors.hpp"
#include "downloads/file_downloads.hpp"
#include "environments/environment.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

// Types a browser may show in place (a viewer); everything else, HTML above all, is only ever a
// download.
bool viewableInPlace(std::string_view extension) {
  for (const auto* type : {"pdf", "png", "jpg", "jpeg", "gif", "txt"}) {
    if (extension == type) {
      return true;
    }
  }
  return false;
}

// POST /DocumentProperties/DownloadToken: a documentAccessToken for the current version of a
// document, or an earlier one (versionId, a history row's CaseextrefHistoryID).
Result<http::Response> token(api::Context& context) {
  auto target = documentTarget(context);
  if (!target) {
    return std::move(target).error();
  }
  const auto& caseNumber = target->caseNumber;
  const auto& documentId = target->documentId;
  std::optional<std::int64_t> versionId;
  if (const auto* given = target->body.if_contains("versionId");
      given != nullptr && given->is_int64()) {
    versionId = given->get_int64();
  }
  auto& environment = context.environment();
  if (!environment.catalog().documents) {
    return documentsNotKept();
  }
  const auto& session = context.session();
  auto db = environment.db().acquire();
  auto access = documentAccess(*db, environment.catalog(), caseNumber, documentId, session.userId,
                               session.username);
  if (!access) {
    return std::move(access).error();
  }
  const auto& document = access->document;
  if (!document.electronic() || !document.currentVersionId) {
    return Error::of(errors::kNoFile,
                     "This document is a link or a place, not a file: there is nothing to "
                     "download.");
  }
  const auto version =
      findVersion(*db, document.id, versionId.value_or(*document.currentVersionId));
  if (!version) {
    return Error::of(errors::kVersionNotFound, "This document has no such version.");
  }
  const auto issued = issueDownloadToken(*db, version->id, session.userId, Clock::now());
  const auto url = "/api/" + environment.key() + "/documentdownload/" + issued;
  return api::jsonResponse(
      json::object{{"success", true},
                   {"documentAccessToken", issued},
                   {"url", url},
                   {"fileName", version->id == *document.currentVersionId ? document.extRefFilename
                                                                          : version->fileName}});
}

// A 206 of the range asked for, out of a file of `size` bytes.
void answerRange(http::Response& response, const ByteRange& range, std::uint64_t size) {
  response.status = 206;
  response.fileOffset = range.first;
  response.fileSize = range.length;
  response.setHeader("Content-Range", "bytes " + std::to_string(range.first) + "-" +
                                          std::to_string(range.first + range.length - 1) + "/" +
                                          std::to_string(size));
}

// A file made for the person (a report's export, downloads/file_downloads.hpp), sent whole as
// an attachment; the download spends its token.
Result<http::Response> madeFile(api::Context& context, db::Connection& db,
                                const downloads::FileToFetch& made) {
  http::Response response;
  if (auto body = answerWithBlob(response, context.environment().blobs(), made.blob); !body) {
    return body.error().is(blobs::errors::kNotFound)
               ? Error::of(errors::kTokenExpired,
                           "This download link has expired or was used already. Export the "
                           "report again.")
               : storeFailure(std::move(body).error());
  }
  response.fileSize = made.size;
  response.setHeader("Content-Type", made.mediaType);
  response.setHeader("Content-Disposition", attachmentHeader(made.fileName, false));
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Content-Security-Policy", "sandbox; default-src 'none'");
  response.setHeader("Cache-Control", "private, no-store");
  response.setHeader("Accept-Ranges", "bytes");
  // As a document's: a ranged read (the web app asks for the first byte before it sends the
  // browser) leaves the token for the download itself, which spends it.
  const auto range = parseRange(context.request().header("range"), made.size);
  if (range.outcome == RangeOutcome::Partial) {
    answerRange(response, range.range, made.size);
    return response;
  }
  downloads::spendFileToken(db, context.param("token"));
  return response;
}

// GET /documentdownload/{token}: the file, as an attachment (or in place with ?view=1 for the
// types a browser can show safely), a range of it when asked.
Result<http::Response> download(api::Context& context) {
  auto& environment = context.environment();
  const auto token = context.param("token");
  auto db = environment.db().acquire();
  const auto now = Clock::now();
  const auto redeemed = redeemDownloadToken(*db, token, now);
  const auto expired =
      Error::of(errors::kTokenExpired,
                "This download link has expired or was used already. Download the document again.");
  if (!redeemed) {
    if (auto file = downloads::redeemFileToken(*db, token, now)) {
      return madeFile(context, *db, *file);
    }
    return expired;
  }
  const auto version = findVersionById(*db, redeemed->versionId);
  const auto document = version ? findDocumentById(*db, version->documentId) : std::nullopt;
  if (!version || !document || document->deleted) {
    return expired;
  }
  http::Response response;
  if (auto body = answerWithBlob(response, environment.blobs(), version->blob); !body) {
    return body.error().is(blobs::errors::kNotFound) ? contentMissing(version->id, version->blob)
                                                     : storeFailure(std::move(body).error());
  }
  const auto fileName =
      document->currentVersionId == version->id ? document->extRefFilename : version->fileName;
  const bool inPlace =
      context.request().queryValue("view") == "1" && viewableInPlace(version->fileType);

  response.setHeader("Content-Type", version->mediaType);
  response.setHeader("Content-Disposition", attachmentHeader(fileName, inPlace));
  response.setHeader("X-Content-Type-Options", "nosniff");
  // Whatever the file holds, nothing in it runs with the app's rights.
  response.setHeader("Content-Security-Policy",
                     "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
  response.setHeader("Cache-Control", "private, no-store");
  response.setHeader("Accept-Ranges", "bytes");
  const auto size = version->fileSize;
  const auto range = parseRange(context.request().header("range"), size);
  switch (range.outcome) {
    case RangeOutcome::Unsatisfiable:
      response = http::textResponse(416, "text/plain; charset=utf-8",
                                    "The range asked for is beyond the end of the file.\n");
      response.setHeader("Content-Range", "bytes */" + std::to_string(size));
      return response;
    case RangeOutcome::Partial:
      answerRange(response, range.range, size);
      return response;
    case RangeOutcome::Whole:
      break;
  }
  response.fileSize = size;
  // A whole download spends the token; ranged reads, and a viewer's reads (which begin with a
  // whole request before they turn to ranges), may continue until it expires.
  if (!inPlace) {
    spendDownloadToken(*db, token);
  }
  return response;
}

}  // namespace

void registerDownloadRoutes(api::RouteTable& routes) {
  routes.add(
      {.method = "POST", .path = "/api/{env}/DocumentProperties/DownloadToken", .handler = token});
  routes.add({.method = "GET",
              .path = "/api/{env}/documentdownload/{token}",
              .handler = download,
              .access = api::Access::Public});
}

}  // namespace dossier::documents
