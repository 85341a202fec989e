#include "core/config_errors.hpp"

namespace dossier {

std::string ConfigErrors::describe() const {
  std::string out;
  for (const auto& issue : issues_) {
    out += issue.file;
    if (issue.line > 0) {
      out += ":" + std::to_string(issue.line);
    }
    out += ": ";
    if (!issue.path.empty()) {
      out += issue.path + ": ";
    }
    out += issue.message;
    out += "\n";
  }
  return out;
}

}  // namespace dossier
