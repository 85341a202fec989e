#pragma once

#include <string>
#include <vector>

namespace dossier {

// A problem in a configuration file: which file, where inside it and what is wrong, so that the
// person starting the server can fix it without reading code.
struct ConfigIssue {
  std::string file;
  std::string path;  // e.g. "sessions.idleTimeout" or "items[2].name"; empty for the whole file
  int line = 0;      // 1-based; 0 when unknown
  std::string message;
};

class ConfigErrors {
 public:
  void add(ConfigIssue issue) { issues_.push_back(std::move(issue)); }
  bool empty() const { return issues_.empty(); }
  const std::vector<ConfigIssue>& issues() const { return issues_; }
  // One line per issue: "file:line: path: message".
  std::string describe() const;

 private:
  std::vector<ConfigIssue> issues_;
};

}  // namespace dossier
