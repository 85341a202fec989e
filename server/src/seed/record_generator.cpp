#include "seed/record_generator.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include <boost/json/array.hpp>

#include "seed/word_lists.hpp"
#include "types/entity_type.hpp"
#include "types/field_values.hpp"

namespace dossier::seed {

namespace json = boost::json;
using types::FieldType;

namespace {

std::string lowerCase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool mentions(const types::FieldDef& field, std::initializer_list<std::string_view> words) {
  const auto id = lowerCase(field.id);
  const auto label = lowerCase(field.label);
  return std::any_of(words.begin(), words.end(), [&](std::string_view word) {
    return id.find(word) != std::string::npos || label.find(word) != std::string::npos;
  });
}

std::string clip(std::string text, const types::FieldDef& field) {
  const int limit = field.maxLength > 0 ? field.maxLength : types::defaultMaxLength(field.type);
  if (limit > 0 && static_cast<int>(text.size()) > limit) {
    text.resize(static_cast<std::size_t>(limit));
  }
  return text;
}

}  // namespace

std::size_t RecordGenerator::skewed(std::size_t count) {
  // A power of a uniform number favours the start of the list about as registers do: of 300
  // surnames the first is about one person in sixty (Smith is one in eighty in Britain).
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double u = std::pow(unit(random_), 1.4);
  return std::min(count - 1, static_cast<std::size_t>(u * static_cast<double>(count)));
}

std::size_t RecordGenerator::uniform(std::size_t count) {
  return std::uniform_int_distribution<std::size_t>(0, count - 1)(random_);
}

bool RecordGenerator::chance(double probability) {
  return std::uniform_real_distribution<double>(0.0, 1.0)(random_) < probability;
}

std::string RecordGenerator::surname() {
  // One in twenty is a name of the long tail, made of syllables and seen a handful of times.
  if (chance(0.05)) {
    std::string name;
    const auto parts = 2 + uniform(2);
    for (std::size_t i = 0; i < parts; ++i) {
      name += syllables()[uniform(syllables().size())];
    }
    name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    return name;
  }
  const auto names = surnames();
  return std::string(names[skewed(names.size())]);
}

std::string RecordGenerator::firstName() {
  const auto names = firstNames();
  return std::string(names[skewed(names.size())]);
}

std::string RecordGenerator::caseTitle() {
  std::string title(titleSubjects()[skewed(titleSubjects().size())]);
  title += " ";
  title += titlePlaces()[uniform(titlePlaces().size())];
  const auto time = titleTimes()[uniform(titleTimes().size())];
  if (!time.empty()) {
    title += " ";
    title += time;
  }
  if (chance(0.3)) {
    title += ", " + std::string(streets()[uniform(streets().size())]) + " " +
             std::string(streetKinds()[uniform(streetKinds().size())]);
  }
  return title;
}

std::string RecordGenerator::sentencesText(int minimum, int maximum) {
  const auto count =
      minimum + static_cast<int>(uniform(static_cast<std::size_t>(maximum - minimum + 1)));
  std::string text;
  for (int i = 0; i < count; ++i) {
    text += (text.empty() ? "" : " ") + std::string(sentences()[uniform(sentences().size())]);
  }
  return text;
}

json::object RecordGenerator::address() {
  const auto town = towns()[skewed(towns().size())];
  char postcode[16];
  std::snprintf(postcode, sizeof postcode, "%c%c%zu %zu%c%c", town[0] == ' ' ? 'H' : town[0],
                static_cast<char>('A' + uniform(26)), 1 + uniform(20), uniform(10),
                static_cast<char>('A' + uniform(26)), static_cast<char>('A' + uniform(26)));
  return json::object{{"line1", std::to_string(1 + uniform(180)) + " " +
                                    std::string(streets()[skewed(streets().size())]) + " " +
                                    std::string(streetKinds()[uniform(streetKinds().size())])},
                      {"town", std::string(town)},
                      {"postcode", std::string(postcode)},
                      {"country", "United Kingdom"}};
}

std::string RecordGenerator::date(int fromYear, int toYear) {
  char text[16];
  std::snprintf(
      text, sizeof text, "%04d-%02d-%02d",
      fromYear + static_cast<int>(uniform(static_cast<std::size_t>(toYear - fromYear + 1))),
      1 + static_cast<int>(uniform(12)), 1 + static_cast<int>(uniform(28)));
  return text;
}

json::value RecordGenerator::fieldValue(const types::FieldDef& field,
                                        const std::vector<std::int64_t>& personIds) {
  switch (field.type) {
    case FieldType::Text:
      if (mentions(field, {"first"})) {
        return json::value(firstName());
      }
      if (mentions(field, {"middle"})) {
        return json::value(firstName());
      }
      if (mentions(field, {"surname", "last name", "family"})) {
        return json::value(surname());
      }
      if (mentions(field, {"title"})) {
        return json::value(clip(caseTitle(), field));
      }
      if (mentions(field, {"contact"})) {
        return json::value(firstName() + " " + surname());
      }
      if (mentions(field, {"name"})) {
        return json::value(std::string(businessWords()[skewed(businessWords().size())]) + " " +
                           std::string(businessKinds()[uniform(businessKinds().size())]));
      }
      if (mentions(field, {"mail"})) {
        return json::value(lowerCase(firstName()) + "." + lowerCase(surname()) + "@example.org");
      }
      if (mentions(field, {"phone"})) {
        return json::value("07" + std::to_string(100000000 + uniform(899999999)));
      }
      if (mentions(field, {"website"})) {
        return json::value("https://www.example.org/" + std::to_string(uniform(100000)));
      }
      if (mentions(field, {"number", "reference"})) {
        return json::value(clip(std::to_string(10000000 + uniform(89999999)), field));
      }
      if (mentions(field, {"hours"})) {
        return json::value("Mon-Sat 10:00-23:00");
      }
      return json::value(clip(std::string(sentences()[uniform(sentences().size())]), field));
    case FieldType::MultiLineText:
      return json::value(clip(sentencesText(1, 3), field));
    case FieldType::RichText:
      return json::value(clip("<p>" + sentencesText(1, 3) + "</p>", field));
    case FieldType::Number: {
      const double low = field.minimum.value_or(0);
      const double high = std::min(field.maximum.value_or(10000), low + 5000);
      return json::value(static_cast<std::int64_t>(
          low + std::floor(std::uniform_real_distribution<double>(0, high - low)(random_))));
    }
    case FieldType::Date:
      return mentions(field, {"birth"}) ? json::value(date(1940, 2006))
                                        : json::value(date(2023, 2026));
    case FieldType::DateTime:
      return json::value(date(2023, 2026) + "T" + (uniform(2) == 0 ? "09" : "14") + ":30:00Z");
    case FieldType::YesNo:
      return json::value(chance(0.2));
    case FieldType::Choice:
      if (field.options.empty()) {
        return nullptr;
      }
      return json::value(field.options[skewed(field.options.size())].value);
    case FieldType::MultiChoice: {
      json::array chosen;
      for (const auto& option : field.options) {
        if (chance(0.3)) {
          chosen.push_back(json::value(option.value));
        }
      }
      if (chosen.empty() && !field.options.empty()) {
        chosen.push_back(json::value(field.options[uniform(field.options.size())].value));
      }
      return chosen;
    }
    case FieldType::Address:
      return address();
    case FieldType::PersonPicker:
      if (personIds.empty()) {
        return nullptr;
      }
      return json::object{{"id", personIds[uniform(personIds.size())]}};
    case FieldType::CasePicker:
      return nullptr;  // cases name each other rarely; left to people
  }
  return nullptr;
}

json::object RecordGenerator::values(const types::EntityType& type,
                                     const std::vector<std::int64_t>& personIds) {
  json::object out;
  for (const auto& field : type.fields) {
    // A yes/no question always has its answer (a form shows no third state); a field left out
    // keeps the default a new form starts with.
    if (!field.mandatory && field.type != FieldType::YesNo && !chance(0.6)) {
      if (!field.defaultValue.is_null()) {
        out[field.id] = field.defaultValue;
      }
      continue;
    }
    auto value = fieldValue(field, personIds);
    if (!value.is_null()) {
      out[field.id] = std::move(value);
    }
  }
  return out;
}

std::string RecordGenerator::status(const types::EntityType& type) {
  if (type.statuses.empty()) {
    return type.defaultStatus;
  }
  return chance(0.5) ? type.defaultStatus : type.statuses[uniform(type.statuses.size())].value;
}

bool RecordGenerator::obsolete() {
  return chance(0.03);
}

TimePoint RecordGenerator::createdAt() {
  const auto span = std::chrono::hours(24 * 365 * 3);
  const auto back = std::chrono::seconds(std::uniform_int_distribution<long>(
      0, std::chrono::duration_cast<std::chrono::seconds>(span).count())(random_));
  return std::chrono::time_point_cast<TimePoint::duration>(Clock::now() - back);
}

}  // namespace dossier::seed
