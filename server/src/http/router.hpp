#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dossier::http {

// Matches decoded path segments against patterns such as "/api/{env}/form/case/initialise".
// Literal segments match without regard to letter case; "{name}" captures one segment. Where two
// patterns match, the one with a literal earlier wins.
template <class T>
class Router {
 public:
  enum class Outcome { Found, NotFound, MethodNotAllowed };

  struct Match {
    const T* value = nullptr;
    std::vector<std::pair<std::string, std::string>> params;
    std::string allowed;  // for MethodNotAllowed: "GET, PUT"
  };

  void add(std::string method, std::string_view pattern, T value) {
    Entry entry{std::move(method), std::string(pattern), split(pattern), std::move(value)};
    for (const auto& existing : entries_) {
      if (existing.method == entry.method && samePattern(existing.segments, entry.segments)) {
        throw std::logic_error("route registered twice: " + entry.method + " " + entry.pattern);
      }
    }
    entries_.push_back(std::move(entry));
  }

  Outcome match(std::string_view method, const std::vector<std::string>& path, Match& out) const {
    const Entry* best = nullptr;
    bool anyMethod = false;
    for (const auto& entry : entries_) {
      if (!matches(entry.segments, path)) {
        continue;
      }
      anyMethod = true;
      if (entry.method == method &&
          (best == nullptr || moreSpecific(entry.segments, best->segments))) {
        best = &entry;
      }
    }
    if (best != nullptr) {
      out.value = &best->value;
      out.params.clear();
      for (std::size_t i = 0; i < best->segments.size(); ++i) {
        if (best->segments[i].isParam) {
          out.params.emplace_back(best->segments[i].text, path[i]);
        }
      }
      return Outcome::Found;
    }
    if (!anyMethod) {
      return Outcome::NotFound;
    }
    out.allowed.clear();
    for (const auto& entry : entries_) {
      if (matches(entry.segments, path) && out.allowed.find(entry.method) == std::string::npos) {
        out.allowed += out.allowed.empty() ? "" : ", ";
        out.allowed += entry.method;
      }
    }
    return Outcome::MethodNotAllowed;
  }

  template <class Visit>
  void forEach(Visit&& visit) const {
    for (const auto& entry : entries_) {
      visit(entry.method, entry.pattern, entry.value);
    }
  }

 private:
  struct Segment {
    std::string text;
    bool isParam = false;
  };
  struct Entry {
    std::string method;
    std::string pattern;
    std::vector<Segment> segments;
    T value;
  };

  static std::vector<Segment> split(std::string_view pattern) {
    std::vector<Segment> segments;
    std::size_t start = pattern.starts_with('/') ? 1 : 0;
    while (start <= pattern.size()) {
      const auto end = std::min(pattern.find('/', start), pattern.size());
      const auto part = pattern.substr(start, end - start);
      if (!part.empty()) {
        if (part.size() > 2 && part.front() == '{' && part.back() == '}') {
          segments.push_back({std::string(part.substr(1, part.size() - 2)), true});
        } else {
          segments.push_back({std::string(part), false});
        }
      }
      start = end + 1;
    }
    return segments;
  }

  static bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
      const auto lower = [](char c) {
        return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
      };
      if (lower(a[i]) != lower(b[i])) {
        return false;
      }
    }
    return true;
  }

  static bool matches(const std::vector<Segment>& pattern, const std::vector<std::string>& path) {
    if (pattern.size() != path.size()) {
      return false;
    }
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      if (pattern[i].isParam ? path[i].empty() : !equalsIgnoringCase(pattern[i].text, path[i])) {
        return false;
      }
    }
    return true;
  }

  static bool moreSpecific(const std::vector<Segment>& a, const std::vector<Segment>& b) {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
      if (a[i].isParam != b[i].isParam) {
        return !a[i].isParam;
      }
    }
    return false;
  }

  static bool samePattern(const std::vector<Segment>& a, const std::vector<Segment>& b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (a[i].isParam != b[i].isParam ||
          (!a[i].isParam && !equalsIgnoringCase(a[i].text, b[i].text))) {
        return false;
      }
    }
    return true;
  }

  std::vector<Entry> entries_;
};

}  // namespace dossier::http
