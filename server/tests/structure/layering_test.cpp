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
    {"core"},  // errors, results, time, crypto, JSON and YAML reading
    {"http", "db", "blobs", "sandbox", "realtime", "docgen",
     "mail"},          // Beast; SQLite; blobs; Lua; hub; templates; e-mail
    {"uploads"},       // unfinished uploads, which end as blobs
    {"types"},         // case and person types and their rules
    {"config"},        // an environment's configuration, read and checked
    {"records"},       // stored records: the one write path and access check
    {"index"},         // the Xapian search index
    {"environments"},  // the running environments and their resources
    {"api"},           // the request toolkit
    {"alternatenames", "auth", "caseactions", "comments", "crossreferences", "documents", "forms",
     "history", "home", "notifications", "preview", "roles", "search", "settings",
     "tasks"},  // features
    // Samples and generated records, written through the write paths of the features they fill.
    {"seed"},
    {"app"},  // the composition root: the route table, dispatch
    {"cli"},  // the dossier command
};

const fs::path kSources = fs::path(DOSSIER_SOURCE_DIR) / "server" / "src";

struct Include {
  fs::path file;  // relative to server/src
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
      found.push_back({fs::relative(file, kSources), line, match[2], match[1] == "<"});
    }
  }
  return found;
}

std::vector<Include> everyInclude() {
  std::vector<Include> all;
  for (const auto& entry : fs::recursive_directory_iterator(kSources)) {
    const auto extension = entry.path().extension();
    if (entry.is_regular_file() && (extension == ".cpp" || extension == ".hpp" ||
                                    entry.path().filename().string().ends_with(".cpp.in"))) {
      auto found = includesOf(entry.path());
      all.insert(all.end(), found.begin(), found.end());
    }
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
  return "server/src/" + include.file.string() + ":" + std::to_string(include.line) + " includes " +
         include.target;
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
    const auto from = folderOf(include.file);
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

// Heavy or framework headers stay where they belong, to keep the build fast and the code
// independent of them.
TEST(Layering, BeastAndAsioAreIncludedOnlyByTheHttpFolder) {
  for (const auto& include : everyInclude()) {
    if (include.target.starts_with("boost/beast") || include.target.starts_with("boost/asio")) {
      EXPECT_EQ(folderOf(include.file), "http") << where(include);
    }
  }
}

TEST(Layering, XapianIsIncludedOnlyByTheIndexFolder) {
  for (const auto& include : everyInclude()) {
    if (include.target.starts_with("xapian")) {
      EXPECT_EQ(folderOf(include.file), "index") << where(include);
    }
  }
}

TEST(Layering, LuaIsCompiledInOneFile) {
  std::set<std::string> files;
  for (const auto& include : everyInclude()) {
    if (include.target.starts_with("lua") || include.target.starts_with("lauxlib") ||
        include.target.starts_with("lualib")) {
      files.insert(include.file.string());
    }
  }
  EXPECT_EQ(files, std::set<std::string>{"sandbox/lua_sandbox.cpp"});
}

TEST(Layering, CommandLineParsingIsCompiledInOneFile) {
  std::set<std::string> files;
  for (const auto& include : everyInclude()) {
    if (include.target.starts_with("CLI/")) {
      files.insert(include.file.string());
    }
  }
  EXPECT_EQ(files, std::set<std::string>{"cli/command_line.cpp"});
}

}  // namespace
}  // namespace dossier
