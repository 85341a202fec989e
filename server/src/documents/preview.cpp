#include "documents/preview.hpp"

#include <boost/json/parse.hpp>

#include "core/markup.hpp"
#include "db/connection.hpp"
#include "documents/document_access.hpp"
#include "documents/versions.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

// A preview shows the start of a long text; the whole is a download away.
constexpr std::size_t kPreviewText = 200 * 1024;

}  // namespace

Viewer viewerFor(std::string_view extRefType, std::string_view fileType) {
  if (extRefType != kElectronic) {
    return Viewer::None;
  }
  if (fileType == "pdf") {
    return Viewer::Pdf;
  }
  if (fileType == "png" || fileType == "jpg" || fileType == "jpeg" || fileType == "gif") {
    return Viewer::Image;
  }
  return Viewer::Text;
}

std::string textAsHtml(std::string_view text, std::size_t limit) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
    text.remove_suffix(1);
  }
  const bool cut = text.size() > limit;
  text = text.substr(0, limit);
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto end = text.find('\n', start);
    out += "<p>" +
           escapeMarkup(text.substr(
               start, end == std::string_view::npos ? std::string_view::npos : end - start)) +
           "</p>";
    if (end == std::string_view::npos) {
      break;
    }
    start = end + 1;
  }
  return cut ? out + "<p>…</p>" : out;
}

json::object documentPreview(db::Connection& db, const DocumentAccess& access,
                             const std::string& viewUrl) {
  const auto& document = access.document;
  const auto* current = document.current ? &*document.current : nullptr;
  json::object metadata{
      {"registeredDate", document.createdAt},
      {"createdBy", document.createdByName},
      {"lastEditDate", document.modifiedAt},
      {"size", current != nullptr ? json::value(current->fileSize) : nullptr},
      {"type",
       current != nullptr ? json::value(current->fileType) : json::value(document.extRefType)},
      {"status", document.checkedOut() ? "Checked out by " + document.checkedOutByName
                                       : std::string("Checked In")}};
  json::object out{{"canView", access.canView},
                   {"documentGuid", document.guid},
                   {"title", document.title},
                   {"documentType", document.electronic() ? "Electronic" : document.extRefType},
                   {"documentMetaData", std::move(metadata)},
                   {"version", versionLabel({document.major, document.minor})}};
  if (document.report) {
    // Spec 2 §3 "Document preview data (report)": the web app shows the report as it is now, run
    // with these filters by the person looking, beside the copy filed.
    boost::system::error_code failed;
    auto data = json::parse(document.report->data, failed);
    out["report"] = json::object{{"documentGuid", document.guid},
                                 {"reportCode", document.report->code},
                                 {"data", failed || !data.is_array() ? json::array() : data}};
  }
  const auto viewer =
      current != nullptr ? viewerFor(document.extRefType, current->fileType) : Viewer::None;
  switch (viewer) {
    case Viewer::None:
      out["loadStatus"] = "NotSupported";
      out["viewer"] = "none";
      out["message"] = document.extRefType == kLink
                           ? "This document is a link: open it to see it."
                           : "This document is kept elsewhere: " + document.extRefFilename + ".";
      out["htmlContent"] = "";
      out["link"] = document.extRefType == kLink ? json::value(document.extRefFilename) : nullptr;
      return out;
    case Viewer::Pdf:
    case Viewer::Image:
      out["loadStatus"] = "OK";
      out["viewer"] = viewer == Viewer::Pdf ? "pdf" : "image";
      out["viewUrl"] = viewUrl;
      out["htmlContent"] = "";
      return out;
    case Viewer::Text:
      break;
  }
  out["viewer"] = "text";
  if (document.extractionStatus == "pending") {
    out["loadStatus"] = "Pending";
    out["message"] = "The text of this file is being read. Try again in a moment.";
    out["htmlContent"] = "";
    return out;
  }
  if (document.extractionStatus == "failed") {
    out["loadStatus"] = "Failed";
    out["message"] = "This file cannot be shown: " + document.extractionMessage + ".";
    out["htmlContent"] = "";
    return out;
  }
  auto row = db.query("SELECT COALESCE(content, '') FROM documents WHERE id = ?1", document.id);
  const auto text = row.step() ? row.text(0) : std::string();
  out["loadStatus"] = "OK";
  out["textContent"] = text.substr(0, kPreviewText);
  out["truncated"] = text.size() > kPreviewText;
  out["htmlContent"] = textAsHtml(text, kPreviewText);
  return out;
}

}  // namespace dossier::documents
