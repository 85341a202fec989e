#include "types/field_values.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

#include <boost/json/object.hpp>

#include "core/clock.hpp"
#include "types/rich_text.hpp"

namespace dossier::types {

namespace json = boost::json;

namespace {

// Characters, not bytes: a limit of 100 allows 100 accented letters.
std::size_t characterCount(std::string_view text) {
  std::size_t count = 0;
  for (const char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++count;
    }
  }
  return count;
}

FieldCheck fail(const json::value& submitted, std::string message) {
  return {submitted, std::move(message)};
}

std::string formatNumber(double value) {
  if (std::floor(value) == value && std::fabs(value) < 1e15) {
    return std::to_string(static_cast<long long>(value));
  }
  // The shortest text that reads back as the same number: 12345.67, not 12345.7.
  char buffer[64];
  const auto written = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, written.ptr);
}

bool isValidDate(std::string_view text) {
  int year = 0;
  int month = 0;
  int day = 0;
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') {
    return false;
  }
  for (const auto at : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[at] < '0' || text[at] > '9') {
      return false;
    }
  }
  const std::string copy(text);
  if (std::sscanf(copy.c_str(), "%4d-%2d-%2d", &year, &month, &day) != 3) {
    return false;
  }
  static constexpr int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > days[month - 1]) {
    return false;
  }
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return !(month == 2 && day == 29 && !leap);
}

const types::Option* findOption(const FieldDef& field, std::string_view value) {
  for (const auto& option : field.options) {
    if (option.value == value) {
      return &option;
    }
  }
  return nullptr;
}

FieldCheck checkText(const FieldDef& field, const json::value& submitted) {
  if (!submitted.is_string()) {
    return fail(submitted, "Must be text.");
  }
  std::string text(submitted.get_string());
  if (field.type == FieldType::RichText) {
    if (text.size() > kMaxRichTextBytes) {
      return fail(submitted,
                  "Rich text can be at most " + std::to_string(kMaxRichTextBytes / 1024) + " KB.");
    }
    text = sanitizeRichText(text);
    if (richTextToPlain(text).empty()) {
      text.clear();
    }
  }
  const int limit = field.maxLength > 0 ? field.maxLength : defaultMaxLength(field.type);
  if (characterCount(text) > static_cast<std::size_t>(limit)) {
    return fail(submitted, "Must be at most " + std::to_string(limit) + " characters.");
  }
  if (text.empty()) {
    return {nullptr, std::nullopt};
  }
  return {json::value(text), std::nullopt};
}

FieldCheck checkNumber(const FieldDef& field, const json::value& submitted) {
  double number = 0;
  if (submitted.is_number()) {
    number = submitted.to_number<double>();
  } else if (submitted.is_string()) {
    const std::string text(submitted.get_string());
    if (text.find_first_not_of(" ") == std::string::npos) {
      return {nullptr, std::nullopt};
    }
    // Decimal writing only: stod would also read "0x10", "inf" and "nan".
    if (text.find_first_not_of(" +-.0123456789eE") != std::string::npos) {
      return fail(submitted, "Must be a number.");
    }
    try {
      std::size_t used = 0;
      number = std::stod(text, &used);
      if (text.find_first_not_of(' ', used) != std::string::npos) {
        return fail(submitted, "Must be a number.");
      }
    } catch (const std::exception&) {
      return fail(submitted, "Must be a number.");
    }
  } else {
    return fail(submitted, "Must be a number.");
  }
  if (!std::isfinite(number)) {
    return fail(submitted, "Must be a number.");
  }
  if (field.minimum && number < *field.minimum) {
    return fail(submitted, "Must be at least " + formatNumber(*field.minimum) + ".");
  }
  if (field.maximum && number > *field.maximum) {
    return fail(submitted, "Must be at most " + formatNumber(*field.maximum) + ".");
  }
  if (std::floor(number) == number && std::fabs(number) < 9e15) {
    return {json::value(static_cast<std::int64_t>(number)), std::nullopt};
  }
  return {json::value(number), std::nullopt};
}

FieldCheck checkAddress(const json::value& submitted) {
  if (!submitted.is_object()) {
    return fail(submitted, "Must be an address.");
  }
  json::object address;
  const std::set<std::string_view> parts(std::begin(kAddressParts), std::end(kAddressParts));
  for (const auto& [key, part] : submitted.as_object()) {
    if (!parts.contains(key)) {
      return fail(submitted, "An address has no part called '" + std::string(key) + "'.");
    }
    if (part.is_null()) {
      continue;
    }
    if (!part.is_string()) {
      return fail(submitted, "Each line of an address must be text.");
    }
    if (characterCount(part.get_string()) > 100) {
      return fail(submitted, "Each line of an address must be at most 100 characters.");
    }
    if (!part.get_string().empty()) {
      address[key] = part;
    }
  }
  if (address.empty()) {
    return {nullptr, std::nullopt};
  }
  return {json::value(std::move(address)), std::nullopt};
}

FieldCheck checkPicker(const FieldDef& field, const json::value& submitted) {
  json::value id;
  if (submitted.is_object()) {
    const auto* given = submitted.as_object().if_contains("id");
    id = given != nullptr ? *given : json::value(nullptr);
  } else {
    id = submitted;
  }
  if (id.is_null() || (id.is_string() && id.get_string().empty())) {
    return {nullptr, std::nullopt};
  }
  if (field.type == FieldType::PersonPicker) {
    if (id.is_int64() && id.get_int64() > 0) {
      return {json::object{{"id", id.get_int64()}}, std::nullopt};
    }
    if (id.is_string()) {
      try {
        std::size_t used = 0;
        const long long number = std::stoll(std::string(id.get_string()), &used);
        if (used == id.get_string().size() && number > 0) {
          return {json::object{{"id", number}}, std::nullopt};
        }
      } catch (const std::exception&) {
      }
    }
    return fail(submitted, "Must name a person by number.");
  }
  if (!id.is_string() || id.get_string().size() > 50) {
    return fail(submitted, "Must name a case by its case number.");
  }
  return {json::object{{"id", id}}, std::nullopt};
}

}  // namespace

int defaultMaxLength(FieldType type) {
  switch (type) {
    case FieldType::Text:
      return 1000;
    case FieldType::MultiLineText:
      return 10000;
    case FieldType::RichText:
      return 100000;
    default:
      return 1000;
  }
}

bool isEmptyValue(const json::value& value) {
  if (value.is_null()) {
    return true;
  }
  if (value.is_string()) {
    return value.get_string().empty();
  }
  if (value.is_array()) {
    return value.as_array().empty();
  }
  if (value.is_object()) {
    return value.as_object().empty();
  }
  return false;
}

FieldCheck checkFieldValue(const FieldDef& field, const json::value& submitted) {
  if (submitted.is_null()) {
    return {nullptr, std::nullopt};
  }
  switch (field.type) {
    case FieldType::Text:
    case FieldType::MultiLineText:
    case FieldType::RichText:
      return checkText(field, submitted);
    case FieldType::Number:
      return checkNumber(field, submitted);
    case FieldType::Date: {
      if (!submitted.is_string()) {
        return fail(submitted, "Must be a date.");
      }
      if (submitted.get_string().empty()) {
        return {nullptr, std::nullopt};
      }
      if (!isValidDate(submitted.get_string())) {
        return fail(submitted, "Must be a date (YYYY-MM-DD).");
      }
      return {submitted, std::nullopt};
    }
    case FieldType::DateTime: {
      if (!submitted.is_string()) {
        return fail(submitted, "Must be a date and time.");
      }
      if (submitted.get_string().empty()) {
        return {nullptr, std::nullopt};
      }
      const auto time = parseIsoTime(submitted.get_string());
      // The day must exist: 30 February is refused, not moved to 1 or 2 March.
      int year = 0;
      int month = 0;
      int day = 0;
      char date[32] = "";
      if (time && std::sscanf(std::string(submitted.get_string()).c_str(), "%d-%d-%d", &year,
                              &month, &day) == 3) {
        std::snprintf(date, sizeof date, "%04d-%02d-%02d", year, month, day);
      }
      if (!time || !isValidDate(date)) {
        return fail(submitted, "Must be a date and time in UTC (YYYY-MM-DDTHH:MM:SSZ).");
      }
      return {json::value(formatIsoTime(*time)), std::nullopt};
    }
    case FieldType::YesNo:
      if (!submitted.is_bool()) {
        return fail(submitted, "Must be yes or no.");
      }
      return {submitted, std::nullopt};
    case FieldType::Choice: {
      if (!submitted.is_string()) {
        return fail(submitted, "Must be one of the listed options.");
      }
      if (submitted.get_string().empty()) {
        return {nullptr, std::nullopt};
      }
      if (findOption(field, submitted.get_string()) == nullptr) {
        return fail(submitted, "Must be one of the listed options.");
      }
      return {submitted, std::nullopt};
    }
    case FieldType::MultiChoice: {
      if (!submitted.is_array()) {
        return fail(submitted, "Must be a list of the listed options.");
      }
      json::array chosen;
      std::set<std::string> seen;
      for (const auto& item : submitted.as_array()) {
        if (!item.is_string() || findOption(field, item.get_string()) == nullptr) {
          return fail(submitted, "Must be a list of the listed options.");
        }
        if (seen.insert(std::string(item.get_string())).second) {
          chosen.push_back(item);
        }
      }
      if (chosen.empty()) {
        return {nullptr, std::nullopt};
      }
      return {json::value(std::move(chosen)), std::nullopt};
    }
    case FieldType::Address:
      return checkAddress(submitted);
    case FieldType::PersonPicker:
    case FieldType::CasePicker:
      return checkPicker(field, submitted);
  }
  return fail(submitted, "Unknown field type.");
}

std::string displayText(const FieldDef& field, const json::value& value) {
  if (isEmptyValue(value)) {
    return {};
  }
  switch (field.type) {
    case FieldType::YesNo:
      return value.is_bool() && value.get_bool() ? "Yes" : "No";
    case FieldType::Choice: {
      const auto* option = value.is_string() ? findOption(field, value.get_string()) : nullptr;
      return option != nullptr ? option->text
                               : (value.is_string() ? std::string(value.get_string()) : "");
    }
    case FieldType::MultiChoice: {
      std::string out;
      if (value.is_array()) {
        for (const auto& item : value.as_array()) {
          const auto* option = item.is_string() ? findOption(field, item.get_string()) : nullptr;
          // Like a choice, an option since removed shows what was stored.
          const auto text = option != nullptr
                                ? option->text
                                : (item.is_string() ? std::string(item.get_string()) : "");
          out += (out.empty() ? "" : ", ") + text;
        }
      }
      return out;
    }
    case FieldType::Address: {
      std::string out;
      if (value.is_object()) {
        for (const auto* part : kAddressParts) {
          const auto* line = value.as_object().if_contains(part);
          if (line != nullptr && line->is_string() && !line->get_string().empty()) {
            out += (out.empty() ? "" : ", ") + std::string(line->get_string());
          }
        }
      }
      return out;
    }
    case FieldType::RichText:
      return value.is_string() ? richTextToPlain(value.get_string()) : "";
    case FieldType::Number:
      return value.is_number() ? formatNumber(value.to_number<double>()) : "";
    case FieldType::PersonPicker:
    case FieldType::CasePicker: {
      if (!value.is_object()) {
        return {};
      }
      const auto* display = value.as_object().if_contains("display");
      if (display != nullptr && display->is_string()) {
        return std::string(display->get_string());
      }
      const auto* id = value.as_object().if_contains("id");
      if (id == nullptr) {
        return {};
      }
      return id->is_string() ? std::string(id->get_string())
                             : std::to_string(id->to_number<long long>());
    }
    default:
      return value.is_string() ? std::string(value.get_string()) : "";
  }
}

}  // namespace dossier::types
