#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/value.hpp>
#include <yaml-cpp/yaml.h>

#include "core/config_errors.hpp"

namespace dossier {

// Reads one YAML mapping of a configuration file. Every problem is recorded in ConfigErrors with
// the file, the path and the line, and a sensible value is returned so that reading goes on and the
// person sees all problems at once.
class YamlReader {
 public:
  YamlReader(YAML::Node node, std::string file, std::string path, ConfigErrors& errors);

  // Loads a file whose top level is a mapping; nullopt (with the problem recorded) when the file
  // cannot be read or parsed.
  static std::optional<YamlReader> loadFile(const std::filesystem::path& file,
                                            std::string displayName, ConfigErrors& errors);

  bool has(std::string_view key) const;
  std::string string(std::string_view key, std::string fallback = {});
  std::string requiredString(std::string_view key);
  int integer(std::string_view key, int fallback, int minimum, int maximum);
  bool boolean(std::string_view key, bool fallback);
  // Durations are written "90s", "30m", "12h" or "7d".
  std::chrono::seconds duration(std::string_view key, std::chrono::seconds fallback,
                                std::chrono::seconds minimum, std::chrono::seconds maximum);
  // Sizes are written as a number of bytes or with a binary unit: "512KiB", "10GiB", "1 TiB".
  std::uint64_t byteSize(std::string_view key, std::uint64_t fallback, std::uint64_t minimum,
                         std::uint64_t maximum);
  // A list of text values; a single text value reads as a list of one.
  std::vector<std::string> stringList(std::string_view key);
  // The value at key as JSON (mappings, lists, numbers, true/false, null, quoted text); null when
  // absent. For settings whose shape is checked elsewhere (JSON Logic, default values).
  boost::json::value json(std::string_view key) const;
  // A nested mapping; nullopt when absent (or wrong, which is recorded).
  std::optional<YamlReader> mapping(std::string_view key);
  // Calls read for each mapping in a list.
  void list(std::string_view key, const std::function<void(YamlReader&, std::size_t)>& read);
  // Records every key not named here as unknown: typos in configuration must not pass silently.
  void allowOnly(std::initializer_list<std::string_view> keys);

  void error(std::string_view key, std::string message);
  const std::string& file() const { return file_; }
  std::string pathOf(std::string_view key) const;

 private:
  YAML::Node child(std::string_view key) const;
  int lineOf(const YAML::Node& node) const;

  YAML::Node node_;
  std::string file_;
  std::string path_;
  ConfigErrors* errors_;
};

}  // namespace dossier
