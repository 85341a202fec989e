// The server's folders form layers: a folder may include its own files and those of folders in
// lower layers, never a folder above it or a peer beside it. Reading the includes keeps that true
// as features are added; docs/architecture.md draws the same map.
//
// A new folder goes into kLayers below: a feature (handlers, rules and SQL of one capability) joins
// the features' layer, where it may use everything beneath but no other feature.

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace dossier {
namespace {

namespace fs = std::filesystem;

// Lowest first. Folders on one line are peers: neither includes the other.
const std::vector<std::vector<std::string>> kLayers = {
    {"core"},     // errors, results, time, crypto, JSON and YAML reading
    {"metrics"},  // counters, gauges, histograms and their text for Prometheus
    {"http", "db", "sandbox", "realtime", "docgen", "mail", "export",
     "outbound"},      // Beast; SQLite and PostgreSQL; Lua; hub; templates; e-mail; report files;
                       // requests to other services (a cloud directory)
    {"blobs"},         // file content, on disk or in the database
    {"uploads"},       // unfinished uploads, which end as blobs
    {"downloads"},     // files made for a person, fetched once with a token
    {"types"},         // case and person types and their rules
    {"config"},        // an environment's configuration, read and checked
    {"records"},       // stored records: the one write path and access check
    {"index"},         // the Xapian search index
    {"environments"},  // the running environments and their resources
    {"api"},           // the request toolkit
    {"alternatenames", "auth", "caseactions", "comments", "crossreferences", "documents", "forms",
     "history", "home", "notifications", "preview", "reports", "roles", "search", "settings",
     "tasks"},  // features
    // Samples and generated records, written through the write paths of the features they fill;
    // an environment's data copied from one database to another.
    {"seed", "datamove"},
    // An environment's backup file, written and restored: its database copied as datamove copies.
    {"backup"},
    {"app"},  // the composition root: the route table, dispatch
    {"cli"},  // the dossier command
};

const fs::path kSources = fs::path(DOSSIER_SOURCE_DIR) / "server" / "src";

struct Include {
  fs::path file;  // relative to the repository: "server/src/records/access.cpp"
  int line = 0;
  std::string target;  // as written: "records/access.hpp", "boost/beast/http.hpp"
  bool angled = false;
};

std::vector<Include> includesOf(const fs::path& file) {
  static const std::regex include(R"re(^\s*#\s*include\s*([<"])([^>"]+)[>"])re");
  std::vector<Include> found;
  std::ifstream in(file);
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    std::smatch match;
    if (std::regex_search(text, match, include)) {
      found.push_back({fs::relative(file, DOSSIER_SOURCE_DIR), line, match[2], match[1] == "<"});
    }
  }
  return found;
}

std::vector<Include> includesUnder(const fs::path& folder) {
  std::vector<Include> all;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    const auto extension = entry.path().extension();
    if (entry.is_regular_file() && (extension == ".cpp" || extension == ".hpp" ||
                                    entry.path().filename().string().ends_with(".cpp.in"))) {
      auto found = includesOf(entry.path());
      all.insert(all.end(), found.begin(), found.end());
    }
  }
  return all;
}

// The server's own sources.
std::vector<Include> everyInclude() {
  return includesUnder(kSources);
}

// The server's and those of the programs it runs as child processes: the reader of untrusted files
// and the macro runner.
std::vector<Include> everyProgramInclude() {
  std::vector<Include> all;
  for (const auto* folder : {"server/src", "server/inspect", "server/macro"}) {
    auto found = includesUnder(fs::path(DOSSIER_SOURCE_DIR) / folder);
    all.insert(all.end(), found.begin(), found.end());
  }
  return all;
}

std::string folderOf(const fs::path& path) {
  const auto first = *path.begin();
  return path.has_parent_path() ? first.string() : "";
}

std::map<std::string, int> layerOfFolder() {
  std::map<std::string, int> layers;
  for (std::size_t i = 0; i < kLayers.size(); ++i) {
    for (const auto& folder : kLayers[i]) {
      layers[folder] = static_cast<int>(i);
    }
  }
  return layers;
}

std::string where(const Include& include) {
  return include.file.string() + ":" + std::to_string(include.line) + " includes " + include.target;
}

TEST(Layering, EveryFolderOfTheServerHasItsPlaceInTheLayers) {
  const auto layers = layerOfFolder();
  for (const auto& entry : fs::directory_iterator(kSources)) {
    if (entry.is_directory()) {
      EXPECT_TRUE(layers.contains(entry.path().filename().string()))
          << "server/src/" << entry.path().filename().string()
          << "/ is in no layer: add it to kLayers in server/tests/structure/layering_test.cpp "
             "and to the map in docs/architecture.md";
    }
  }
}

TEST(Layering, AFolderIncludesOnlyItselfAndTheLayersBeneathIt) {
  const auto layers = layerOfFolder();
  int checked = 0;
  for (const auto& include : everyInclude()) {
    const auto from = folderOf(include.file.lexically_relative("server/src"));
    if (include.angled || from.empty()) {
      continue;  // a library, or main.cpp at the top of everything
    }
    const auto to = folderOf(fs::path(include.target));
    if (to.empty() || to == from || !layers.contains(from) || !layers.contains(to)) {
      continue;
    }
    ++checked;
    const int fromLayer = layers.at(from);
    const int toLayer = layers.at(to);
    EXPECT_LT(toLayer, fromLayer)
        << where(include) << ": " << from << "/ may not include " << to << "/, which is "
        << (toLayer == fromLayer ? "beside it (peers use what lies beneath them, not each other)"
                                 : "above it (dependencies run downwards)");
  }
  EXPECT_GT(checked, 100) << "the includes were not read";
}

// A library is used by the places that own it, behind their interfaces, so that replacing or
// upgrading it touches them alone, heavy headers do not slow every file's build, and what reads
// untrusted files stays in the child process that reads them. One row per library: the headers
// (a header, or the start of its path: "curl/" is every header of libcurl), and the only places
// that may include them, from the repository's root — a folder ends in '/', anything else is one
// file. The server's sources and those of the programs it runs as child processes are read; tests
// may include what they need to make their inputs.
struct Library {
  std::vector<std::string> headers;
  std::vector<std::string> places;
};

const std::vector<Library> kLibraries = {
    // Beast and Asio, the HTTP and WebSocket server; compiled once, in http/.
    {{"boost/beast", "boost/asio"}, {"server/src/http/"}},
    {{"xapian"}, {"server/src/index/"}},
    // The two database backends; everything else speaks to db::Connection.
    {{"sqlite3.h"}, {"server/src/db/sqlite/"}},
    {{"libpq-fe.h"}, {"server/src/db/postgresql/"}},
    {{"lua", "lauxlib"}, {"server/src/sandbox/lua_sandbox.cpp"}},
    {{"CLI/"}, {"server/src/cli/command_line.cpp"}},
    // Sending through the environment's SMTP relay, and asking a cloud directory over https.
    {{"curl/"}, {"server/src/mail/", "server/src/outbound/https_client.cpp"}},
    // Word and OpenDocument files are zipped XML, read in two places that cannot share code: the
    // server fills the configuration's templates (docgen/), and the reader of untrusted files,
    // a program of its own run as a child process under limits, reads uploads' text (inspect/).
    {{"zip.h"}, {"server/src/docgen/", "server/inspect/"}},
    {{"pugixml.hpp"}, {"server/src/docgen/", "server/inspect/"}},
    // Report exports: each format's library in its writer.
    {{"zlib.h"}, {"server/src/export/zip_writer.cpp"}},
    {{"cairo", "pango/"}, {"server/src/export/pdf_writer.cpp"}},
    // The QR code of a two-factor secret, drawn in one place.
    {{"qrencode.h"}, {"server/src/auth/qr_code.cpp"}},
    // Kerberos (Windows sign-in) through MIT GSSAPI, in one place.
    {{"gssapi", "krb5", "et/com_err"}, {"server/src/auth/negotiate.cpp"}},
    // Time zones, read in one place.
    {{"date/"}, {"server/src/core/local_time.cpp"}},
    // Backup files are tar archives, written and read in one place.
    {{"archive.h", "archive_entry.h"}, {"server/src/backup/tar_archive.cpp"}},
    // PDFs, scanned pages and file types of uploads: in the child process only.
    {{"poppler/", "tesseract/", "leptonica/", "magic.h"}, {"server/inspect/"}},
};

bool isOf(const Library& library, const Include& include) {
  for (const auto& header : library.headers) {
    if (include.target.starts_with(header)) {
      return true;
    }
  }
  return false;
}

bool isIn(const fs::path& file, const std::string& place) {
  return place.ends_with('/') ? file.string().starts_with(place) : file.string() == place;
}

std::string listed(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) {
    text += (text.empty() ? "" : ", ") + item;
  }
  return text;
}

TEST(Layering, ALibraryIsIncludedOnlyByThePlacesThatOwnIt) {
  const auto includes = everyProgramInclude();
  for (const auto& library : kLibraries) {
    for (const auto& include : includes) {
      if (!isOf(library, include)) {
        continue;
      }
      bool allowed = false;
      for (const auto& place : library.places) {
        allowed = allowed || isIn(include.file, place);
      }
      EXPECT_TRUE(allowed) << where(include) << ", which only " << listed(library.places)
                           << " may include: use it through their interface, or add the place "
                              "to kLibraries in server/tests/structure/layering_test.cpp with why";
    }
  }
}

// A row that names a place which no longer uses its library would allow it there unseen.
TEST(Layering, EveryPlaceAllowedALibraryUsesIt) {
  const auto includes = everyProgramInclude();
  for (const auto& library : kLibraries) {
    for (const auto& place : library.places) {
      bool used = false;
      for (const auto& include : includes) {
        used = used || (isOf(library, include) && isIn(include.file, place));
      }
      EXPECT_TRUE(used) << place << " includes none of " << listed(library.headers)
                        << ": remove it from kLibraries in "
                           "server/tests/structure/layering_test.cpp";
    }
  }
}

}  // namespace
}  // namespace dossier
