#include "core/yaml_reader.hpp"

#include <charconv>
#include <set>

#include "core/text.hpp"

namespace dossier {

namespace {

std::string describeScalar(const YAML::Node& node) {
  if (node.IsScalar()) {
    return "\"" + node.Scalar() + "\"";
  }
  if (node.IsSequence()) {
    return "a list";
  }
  if (node.IsMap()) {
    return "a mapping";
  }
  return "nothing";
}

std::optional<long long> parseWhole(const std::string& text) {
  long long value = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc{} || ptr != end) {
    return std::nullopt;
  }
  return value;
}

std::string formatDuration(std::chrono::seconds value) {
  const auto s = value.count();
  if (s % 86400 == 0) {
    return std::to_string(s / 86400) + "d";
  }
  if (s % 3600 == 0) {
    return std::to_string(s / 3600) + "h";
  }
  if (s % 60 == 0) {
    return std::to_string(s / 60) + "m";
  }
  return std::to_string(s) + "s";
}

boost::json::value toJson(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: {
      boost::json::object object;
      for (const auto& entry : node) {
        object[entry.first.Scalar()] = toJson(entry.second);
      }
      return object;
    }
    case YAML::NodeType::Sequence: {
      boost::json::array array;
      for (const auto& item : node) {
        array.push_back(toJson(item));
      }
      return array;
    }
    case YAML::NodeType::Scalar: {
      const auto& text = node.Scalar();
      // A quoted scalar is always text.
      if (node.Tag() == "!") {
        return boost::json::value(text);
      }
      if (text == "true" || text == "false") {
        return text == "true";
      }
      if (text == "null" || text == "~") {
        return nullptr;
      }
      if (const auto whole = parseWhole(text)) {
        return *whole;
      }
      try {
        std::size_t used = 0;
        const double number = std::stod(text, &used);
        if (used == text.size()) {
          return number;
        }
      } catch (const std::exception&) {
      }
      return boost::json::value(text);
    }
    default:
      return nullptr;
  }
}

}  // namespace

YamlReader::YamlReader(YAML::Node node, std::string file, std::string path, ConfigErrors& errors)
    : node_(std::move(node)), file_(std::move(file)), path_(std::move(path)), errors_(&errors) {}

std::optional<YamlReader> YamlReader::loadFile(const std::filesystem::path& file,
                                               std::string displayName, ConfigErrors& errors) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(file.string());
  } catch (const YAML::BadFile&) {
    errors.add({displayName, "", 0, "the file cannot be read"});
    return std::nullopt;
  } catch (const YAML::ParserException& e) {
    errors.add({displayName, "", e.mark.line + 1, "not valid YAML: " + e.msg});
    return std::nullopt;
  }
  if (root.IsNull()) {
    root = YAML::Node(YAML::NodeType::Map);
  }
  if (!root.IsMap()) {
    errors.add({displayName, "", 1, "the file must hold a mapping of settings (key: value)"});
    return std::nullopt;
  }
  return YamlReader(root, std::move(displayName), "", errors);
}

std::string YamlReader::pathOf(std::string_view key) const {
  if (path_.empty()) {
    return std::string(key);
  }
  return path_ + "." + std::string(key);
}

int YamlReader::lineOf(const YAML::Node& node) const {
  const auto mark = node.Mark();
  return mark.line >= 0 ? mark.line + 1 : 0;
}

YAML::Node YamlReader::child(std::string_view key) const {
  for (const auto& entry : node_) {
    if (entry.first.IsScalar() && entry.first.Scalar() == key) {
      return entry.second;
    }
  }
  return YAML::Node(YAML::NodeType::Undefined);
}

bool YamlReader::has(std::string_view key) const {
  const auto value = child(key);
  return value.IsDefined() && !value.IsNull();
}

void YamlReader::error(std::string_view key, std::string message) {
  const auto value = child(key);
  const int line = value.IsDefined() ? lineOf(value) : lineOf(node_);
  errors_->add({file_, key.empty() ? path_ : pathOf(key), line, std::move(message)});
}

std::string YamlReader::string(std::string_view key, std::string fallback) {
  const auto value = child(key);
  if (!value.IsDefined() || value.IsNull()) {
    return fallback;
  }
  if (!value.IsScalar()) {
    error(key, "must be text, not " + describeScalar(value));
    return fallback;
  }
  return value.Scalar();
}

std::string YamlReader::requiredString(std::string_view key) {
  const auto value = child(key);
  if (!value.IsDefined() || value.IsNull()) {
    errors_->add({file_, pathOf(key), lineOf(node_), "is required"});
    return {};
  }
  auto text = string(key);
  if (text.empty()) {
    error(key, "must not be empty");
  }
  return text;
}

int YamlReader::integer(std::string_view key, int fallback, int minimum, int maximum) {
  const auto value = child(key);
  if (!value.IsDefined() || value.IsNull()) {
    return fallback;
  }
  const auto range = std::to_string(minimum) + " to " + std::to_string(maximum);
  const auto parsed = value.IsScalar() ? parseWhole(value.Scalar()) : std::nullopt;
  if (!parsed || *parsed < minimum || *parsed > maximum) {
    error(key, "must be a whole number from " + range + ", not " + describeScalar(value));
    return fallback;
  }
  return static_cast<int>(*parsed);
}

bool YamlReader::boolean(std::string_view key, bool fallback) {
  const auto value = child(key);
  if (!value.IsDefined() || value.IsNull()) {
    return fallback;
  }
  if (value.IsScalar() && (value.Scalar() == "true" || value.Scalar() == "false")) {
    return value.Scalar() == "true";
  }
  error(key, "must be true or false, not " + describeScalar(value));
  return fallback;
}

std::chrono::seconds YamlReader::duration(std::string_view key, std::chrono::seconds fallback,
                                          std::chrono::seconds minimum,
                                          std::chrono::seconds maximum) {
  const auto value = child(key);
  if (!value.IsDefined() || value.IsNull()) {
    return fallback;
  }
  const auto expectation = "must be a duration such as 90s, 30m, 12h or 7d, from " +
                           formatDuration(minimum) + " to " + formatDuration(maximum) + ", not " +
                           describeScalar(value);
  if (!value.IsScalar() || value.Scalar().size() < 2) {
    error(key, expectation);
    return fallback;
  }
  const auto& text = value.Scalar();
  const auto number = parseWhole(text.substr(0, text.size() - 1));
  long long unit = 0;
  switch (text.back()) {
    case 's':
      unit = 1;
      break;
    case 'm':
      unit = 60;
      break;
    case 'h':
      unit = 3600;
      break;
    case 'd':
      unit = 86400;
      break;
    default:
      break;
  }
  if (!number || unit == 0 || *number < 0 || *number > 100LL * 365 * 86400) {
    error(key, expectation);
    return fallback;
  }
  const std::chrono::seconds result(*number * unit);
  if (result < minimum || result > maximum) {
    error(key, expectation);
    return fallback;
  }
  return result;
}

std::uint64_t YamlReader::byteSize(std::string_view key, std::uint64_t fallback,
                                   std::uint64_t minimum, std::uint64_t maximum) {
  const auto value = child(key);
  if (!value.IsDefined() || value.IsNull()) {
    return fallback;
  }
  const auto expectation =
      "must be a size such as 512MiB, 10GiB or 1TiB (or a number of bytes), "
      "from " +
      formatByteSize(minimum) + " to " + formatByteSize(maximum) + ", not " + describeScalar(value);
  if (!value.IsScalar()) {
    error(key, expectation);
    return fallback;
  }
  std::string text = value.Scalar();
  const auto digits = text.find_first_not_of("0123456789");
  const auto number = parseWhole(text.substr(0, digits));
  std::string unit = digits == std::string::npos ? "" : text.substr(digits);
  if (unit.starts_with(' ')) {
    unit.erase(0, 1);
  }
  std::uint64_t multiplier = 0;
  if (unit.empty()) {
    multiplier = 1;
  } else if (unit == "KiB") {
    multiplier = 1ULL << 10;
  } else if (unit == "MiB") {
    multiplier = 1ULL << 20;
  } else if (unit == "GiB") {
    multiplier = 1ULL << 30;
  } else if (unit == "TiB") {
    multiplier = 1ULL << 40;
  }
  // At most 2^20 of the largest unit, so that the product stays far inside 64 bits.
  if (!number || multiplier == 0 || *number < 0 || *number > (1LL << 40)) {
    error(key, expectation);
    return fallback;
  }
  const auto result = static_cast<std::uint64_t>(*number) * multiplier;
  if (result / multiplier != static_cast<std::uint64_t>(*number) || result < minimum ||
      result > maximum) {
    error(key, expectation);
    return fallback;
  }
  return result;
}

boost::json::value YamlReader::json(std::string_view key) const {
  const auto value = child(key);
  if (!value.IsDefined()) {
    return nullptr;
  }
  return toJson(value);
}

std::vector<std::string> YamlReader::stringList(std::string_view key) {
  const auto value = child(key);
  std::vector<std::string> out;
  if (!value.IsDefined() || value.IsNull()) {
    return out;
  }
  if (value.IsScalar()) {
    out.push_back(value.Scalar());
    return out;
  }
  if (!value.IsSequence()) {
    error(key, "must be a list of text values, not " + describeScalar(value));
    return out;
  }
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (!value[i].IsScalar()) {
      errors_->add({file_, pathOf(key) + "[" + std::to_string(i) + "]", lineOf(value[i]),
                    "must be text, not " + describeScalar(value[i])});
      continue;
    }
    out.push_back(value[i].Scalar());
  }
  return out;
}

std::optional<YamlReader> YamlReader::mapping(std::string_view key) {
  const auto value = child(key);
  if (!value.IsDefined() || value.IsNull()) {
    return std::nullopt;
  }
  if (!value.IsMap()) {
    error(key, "must be a mapping of settings (key: value), not " + describeScalar(value));
    return std::nullopt;
  }
  return YamlReader(value, file_, pathOf(key), *errors_);
}

void YamlReader::list(std::string_view key,
                      const std::function<void(YamlReader&, std::size_t)>& read) {
  const auto value = child(key);
  if (!value.IsDefined() || value.IsNull()) {
    return;
  }
  if (!value.IsSequence()) {
    error(key, "must be a list, not " + describeScalar(value));
    return;
  }
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto itemPath = pathOf(key) + "[" + std::to_string(i) + "]";
    const auto item = value[i];
    if (!item.IsMap()) {
      errors_->add({file_, itemPath, lineOf(item),
                    "must be a mapping of settings (key: value), not " + describeScalar(item)});
      continue;
    }
    YamlReader reader(item, file_, itemPath, *errors_);
    read(reader, i);
  }
}

void YamlReader::allowOnly(std::initializer_list<std::string_view> keys) {
  const std::set<std::string_view> allowed(keys);
  std::set<std::string> seen;
  for (const auto& entry : node_) {
    const auto name = entry.first.IsScalar() ? entry.first.Scalar() : std::string("?");
    // The YAML library keeps both of a key given twice and reads the first: the second would be
    // ignored without a word.
    if (!seen.insert(name).second) {
      errors_->add({file_, pathOf(name), lineOf(entry.first),
                    "is given twice: keep one (the second would be ignored)"});
    }
    if (!allowed.contains(name)) {
      std::string known;
      for (const auto key : keys) {
        known += known.empty() ? "" : ", ";
        known += key;
      }
      errors_->add({file_, pathOf(name), lineOf(entry.first),
                    "is not a known setting (known here: " + known + ")"});
    }
  }
}

}  // namespace dossier
