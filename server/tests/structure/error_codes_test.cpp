// Error codes are declared once, in the errors.hpp of the folder that owns them
// (namespace dossier::<folder>::errors), prefixed with that folder's name; the contract
// (server/api/openapi.yaml, components.schemas.ErrorCode) lists exactly the codes declared, so the
// web app's generated types know each one. Reading the sources keeps that true as codes are added;
// docs/decisions.md ("Error codes are declared once per feature") says how to add one.

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace dossier {
namespace {

namespace fs = std::filesystem;

const fs::path kSources = fs::path(DOSSIER_SOURCE_DIR) / "server" / "src";
const fs::path kContract = fs::path(DOSSIER_SOURCE_DIR) / "server" / "api" / "openapi.yaml";

std::string textOf(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int lineAt(const std::string& text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

struct Declaration {
  std::string code;
  std::string where;  // server/src/<folder>/errors.hpp:<line>
  std::string folder;
};

bool isErrorsHeader(const fs::path& file) {
  return file.filename() == "errors.hpp";
}

std::vector<fs::path> sourceFiles() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(kSources)) {
    const auto extension = entry.path().extension();
    if (entry.is_regular_file() && (extension == ".cpp" || extension == ".hpp")) {
      files.push_back(entry.path());
    }
  }
  return files;
}

std::string shown(const fs::path& file) {
  return "server/src/" + fs::relative(file, kSources).string();
}

const std::regex kDeclaration(R"re(ErrorCode\s+\w+\s*\{\s*"([^"]*)")re");

std::vector<Declaration> declarations() {
  std::vector<Declaration> found;
  for (const auto& file : sourceFiles()) {
    if (!isErrorsHeader(file)) {
      continue;
    }
    const auto text = textOf(file);
    const auto folder = fs::relative(file, kSources).begin()->string();
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kDeclaration);
         it != std::sregex_iterator(); ++it) {
      found.push_back(
          {(*it)[1], shown(file) + ":" + std::to_string(lineAt(text, it->position())), folder});
    }
  }
  return found;
}

// The codes of the contract's ErrorCode schema: the items of its enum, one a line.
std::set<std::string> contractCodes() {
  std::ifstream in(kContract);
  std::set<std::string> codes;
  std::string line;
  bool inSchema = false;
  bool inEnum = false;
  static const std::regex item(R"re(^\s*-\s*"?([^"\s#]+)"?\s*$)re");
  while (std::getline(in, line)) {
    if (line == "    ErrorCode:") {
      inSchema = true;
      continue;
    }
    if (!inSchema) {
      continue;
    }
    if (!line.empty() && line.find_first_not_of(' ') <= 4) {
      break;  // the next schema
    }
    if (line.find("enum:") != std::string::npos) {
      inEnum = true;
      continue;
    }
    std::smatch match;
    if (inEnum && std::regex_match(line, match, item)) {
      codes.insert(match[1]);
    }
  }
  return codes;
}

TEST(ErrorCodes, EachCodeStartsWithTheNameOfTheFolderThatDeclaresIt) {
  const auto declared = declarations();
  EXPECT_GT(declared.size(), 100u) << "the errors.hpp files were not read";
  for (const auto& declaration : declared) {
    EXPECT_TRUE(declaration.code.starts_with(declaration.folder + "."))
        << declaration.where << " declares '" << declaration.code << "': a code of "
        << declaration.folder << "/ starts with '" << declaration.folder
        << ".' (declare it in the folder it names, or rename it)";
    EXPECT_TRUE(std::regex_match(declaration.code, std::regex("[a-z]+\\.[a-z0-9_]+")))
        << declaration.where << " declares '" << declaration.code
        << "': a code is <folder>.<lower_case_words>";
  }
}

TEST(ErrorCodes, EachCodeIsDeclaredOnce) {
  std::map<std::string, std::string> first;
  for (const auto& declaration : declarations()) {
    const auto [at, added] = first.emplace(declaration.code, declaration.where);
    EXPECT_TRUE(added) << declaration.where << " declares '" << declaration.code
                       << "' again; it is declared at " << at->second
                       << " (a code two folders raise is declared in the lower one)";
  }
}

TEST(ErrorCodes, CodesAreDeclaredOnlyInAFoldersErrorsHeader) {
  for (const auto& file : sourceFiles()) {
    if (isErrorsHeader(file)) {
      continue;
    }
    const auto text = textOf(file);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kDeclaration);
         it != std::sregex_iterator(); ++it) {
      ADD_FAILURE() << shown(file) << ":" << lineAt(text, it->position()) << " declares '"
                    << (*it)[1] << "' outside an errors.hpp: declare it in its folder's errors.hpp";
    }
  }
}

// An error made from a code written in place ("comments.not_found"): the code must be a
// declaration (Error::of(errors::kNotFound, …)), so that it is in the contract and the web app can
// name it.
TEST(ErrorCodes, NoErrorIsMadeFromACodeWrittenInPlace) {
  static const std::regex factory(R"re(\bError::\w+\s*\()re");
  int checked = 0;
  for (const auto& file : sourceFiles()) {
    if (isErrorsHeader(file)) {
      continue;
    }
    const auto text = textOf(file);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), factory);
         it != std::sregex_iterator(); ++it) {
      ++checked;
      // The first argument: up to the first comma or closing parenthesis at its own depth.
      int depth = 0;
      std::string argument;
      for (auto i = static_cast<std::size_t>(it->position() + it->length()); i < text.size(); ++i) {
        const char c = text[i];
        if ((c == ',' || c == ')') && depth == 0) {
          break;
        }
        depth += (c == '(' || c == '{') ? 1 : (c == ')' || c == '}') ? -1 : 0;
        argument += c;
      }
      EXPECT_EQ(argument.find('"'), std::string::npos)
          << shown(file) << ":" << lineAt(text, it->position()) << " makes an error from a code "
          << "written in place (" << argument << "): declare it in the folder's errors.hpp and "
          << "use Error::of(errors::k…, message)";
    }
  }
  EXPECT_GT(checked, 100) << "the sources were not read";
}

TEST(ErrorCodes, TheContractListsExactlyTheDeclaredCodes) {
  std::set<std::string> declared;
  for (const auto& declaration : declarations()) {
    declared.insert(declaration.code);
  }
  const auto contract = contractCodes();
  EXPECT_FALSE(contract.empty()) << "server/api/openapi.yaml has no ErrorCode schema with an enum";
  for (const auto& code : declared) {
    EXPECT_TRUE(contract.contains(code))
        << "'" << code << "' is declared but not in the ErrorCode enum of server/api/openapi.yaml "
        << "(add it there and run `npm run generate:api` in web/)";
  }
  for (const auto& code : contract) {
    EXPECT_TRUE(declared.contains(code))
        << "'" << code << "' is in the ErrorCode enum of server/api/openapi.yaml but declared in "
        << "no errors.hpp: remove it there (and from the web app) or declare it";
  }
}

}  // namespace
}  // namespace dossier
