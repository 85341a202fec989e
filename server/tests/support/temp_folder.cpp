#include "support/temp_folder.hpp"

#include <fstream>

#include "core/crypto.hpp"

namespace dossier::testing {

TempFolder::TempFolder()
    : path_(std::filesystem::temp_directory_path() / ("dossier-test-" + randomHex(8))) {
  std::filesystem::create_directories(path_);
}

TempFolder::~TempFolder() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::filesystem::path TempFolder::write(const std::string& relative,
                                        const std::string& content) const {
  const auto file = path_ / relative;
  std::filesystem::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary);
  out << content;
  return file;
}

}  // namespace dossier::testing
