#pragma once

#include <string>
#include <string_view>

#include <boost/json/object.hpp>

namespace dossier::db {
class Connection;
}

namespace dossier::documents {

struct DocumentAccess;

// How a document is shown in the preview (spec 2 "Document preview"): PDF pages and pictures by
// the browser from a view token; other files as the text read from them; links and places have
// nothing to show.
enum class Viewer { Pdf, Image, Text, None };
Viewer viewerFor(std::string_view extRefType, std::string_view fileType);

// Text as HTML anyone may put in a page: every character escaped, each line a paragraph.
std::string textAsHtml(std::string_view text, std::size_t limit);

// POST /documentpreview (spec 2 §3 "Document preview request"): canView, loadStatus ("OK", or
// "NotSupported", "Pending", "Failed" with a message), htmlContent, the metadata rows and how the
// web app shows the document.
boost::json::object documentPreview(db::Connection& db, const DocumentAccess& access,
                                    const std::string& viewUrl);

}  // namespace dossier::documents
