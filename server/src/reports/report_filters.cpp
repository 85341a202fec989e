#include "reports/report_filters.hpp"

#include <algorithm>
#include <optional>

#include <boost/json/object.hpp>

#include "core/json_body.hpp"
#include "core/text.hpp"
#include "reports/errors.hpp"
#include "types/role_definition.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

using types::ReportFilterKind;

// A report is filtered on at most this many people of one role.
constexpr std::size_t kMostPeopleChosen = 64;

json::object component(const std::string& id, const char* type, const std::string& label) {
  return {{"id", id},
          {"type", type},
          {"label", label},
          {"referenceCode", id},
          {"readonly", false},
          {"hiddenOnSmallDevice", false},
          {"hiddenOnMediumDevice", false}};
}

json::array optionsJson(const std::vector<types::Option>& options) {
  json::array out;
  for (const auto& option : options) {
    out.push_back(json::object{{"textField", option.text}, {"valueField", option.value}});
  }
  return out;
}

// What a saved filter (or one just sent) chose: valueKey, else value.
std::string keyOf(const json::object& item) {
  auto key = textOf(item, "valueKey");
  return key.empty() ? textOf(item, "value") : key;
}

const json::object* savedFor(const json::array& saved, const std::string& id) {
  for (const auto& item : saved) {
    if (item.is_object() && textOf(item.as_object(), "id") == id) {
      return &item.as_object();
    }
  }
  return nullptr;
}

std::vector<std::string> splitKeys(const std::string& text) {
  std::vector<std::string> keys;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    const auto end = comma == std::string::npos ? text.size() : comma;
    if (end > start) {
      keys.push_back(text.substr(start, end - start));
    }
    if (comma == std::string::npos) {
      break;
    }
    start = comma + 1;
  }
  return keys;
}

bool isDate(const std::string& text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') {
    return false;
  }
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[i] < '0' || text[i] > '9') {
      return false;
    }
  }
  const int month = std::stoi(text.substr(5, 2));
  const int day = std::stoi(text.substr(8, 2));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

Error invalid(const std::string& field, std::string message) {
  return Error::of(errors::kInvalidFilter, message).withField(field, message);
}

const std::string* textFor(const types::ReportFilter& filter, const std::string& key) {
  for (const auto& option : filter.options) {
    if (option.value == key) {
      return &option.text;
    }
  }
  return nullptr;
}

std::string readableDate(const std::string& date) {
  static const char* months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const int month = std::stoi(date.substr(5, 2));
  return std::to_string(std::stoi(date.substr(8, 2))) + " " + months[month - 1] + " " +
         date.substr(0, 4);
}

}  // namespace

std::vector<std::string> savedRoleKeys(const types::ReportDefinition& report,
                                       const json::array& saved) {
  std::vector<std::string> keys;
  for (const auto& filter : report.filters) {
    if (filter.role == nullptr) {
      continue;
    }
    const auto* chosen = savedFor(saved, filter.id);
    for (auto& key : splitKeys(chosen != nullptr ? keyOf(*chosen) : std::string())) {
      keys.push_back(std::move(key));
    }
  }
  return keys;
}

json::array filterComponents(const types::ReportDefinition& report, const json::array& saved,
                             const std::map<std::string, std::string>& personNames) {
  json::array components;
  for (const auto& filter : report.filters) {
    if (filter.role != nullptr) {
      // The persons chosen last are its options, so that their names show; others are found as
      // they are typed (GET /reports/{code}/filters/{id}/options).
      const bool many = filter.kind == ReportFilterKind::MultiChoice;
      auto people = component(filter.id, "PersonRoleField", filter.label);
      people["role"] = filter.role->code;
      people["multiple"] = many;
      json::array options;
      json::array values;
      const auto* chosen = savedFor(saved, filter.id);
      for (const auto& key : splitKeys(chosen != nullptr ? keyOf(*chosen) : std::string())) {
        if (const auto name = personNames.find(key); name != personNames.end()) {
          options.push_back(json::object{{"textField", name->second}, {"valueField", key}});
          values.push_back(json::value(key));
        }
      }
      people["options"] = std::move(options);
      if (many) {
        people["value"] = std::move(values);
      } else {
        people["value"] = values.empty() ? json::value(nullptr) : values.front();
      }
      if (filter.mandatory) {
        people["mandatory"] = true;
      }
      components.push_back(std::move(people));
      continue;
    }
    if (filter.kind == ReportFilterKind::DateRange) {
      for (const auto& [end, words] : {std::pair{".from", " from"}, std::pair{".to", " to"}}) {
        const auto id = filter.id + end;
        auto date = component(id, "DateField", filter.label + words);
        const auto* chosen = savedFor(saved, id);
        const auto key = chosen != nullptr ? keyOf(*chosen) : std::string();
        date["value"] = isDate(key) ? json::value(key) : json::value(nullptr);
        components.push_back(std::move(date));
      }
      continue;
    }
    const bool many = filter.kind == ReportFilterKind::MultiChoice;
    auto choice = component(filter.id, many ? "MultiChoiceField" : "ChoiceField", filter.label);
    choice["options"] = optionsJson(filter.options);
    const auto* chosen = savedFor(saved, filter.id);
    std::vector<std::string> keys;
    for (auto& key : splitKeys(chosen != nullptr ? keyOf(*chosen) : std::string())) {
      if (textFor(filter, key) != nullptr) {
        keys.push_back(std::move(key));
      }
    }
    if (many) {
      json::array values;
      for (const auto& key : keys) {
        values.push_back(json::value(key));
      }
      choice["value"] = std::move(values);
    } else {
      choice["value"] = keys.empty() ? json::value(nullptr) : json::value(keys.front());
    }
    components.push_back(std::move(choice));
  }
  return components;
}

json::array outputFormatComponents(const types::ReportDefinition& report) {
  static const std::pair<const char*, const char*> kNames[] = {
      {"pdf", "PDF"}, {"xlsx", "Excel workbook"}, {"csv", "CSV"}};
  json::array options;
  for (const auto& format : report.formats) {
    for (const auto& [value, text] : kNames) {
      if (format == value) {
        options.push_back(json::object{{"textField", text}, {"valueField", value}});
      }
    }
  }
  auto choice = component("outputFormat", "ChoiceField", "Output format");
  choice["options"] = std::move(options);
  choice["value"] = nullptr;
  return json::array{std::move(choice)};
}

Result<std::vector<FilterChoice>> readChoices(const types::ReportDefinition& report,
                                              const json::array& filters) {
  std::vector<FilterChoice> choices;
  for (const auto& filter : report.filters) {
    FilterChoice choice;
    choice.filter = &filter;
    if (filter.kind == ReportFilterKind::DateRange) {
      for (const auto& [end, slot] :
           {std::pair{".from", &choice.from}, std::pair{".to", &choice.to}}) {
        const auto id = filter.id + end;
        const auto* sent = savedFor(filters, id);
        const auto key = sent != nullptr ? keyOf(*sent) : std::string();
        if (key.empty()) {
          continue;
        }
        const auto date = key.substr(0, 10);
        if (!isDate(date)) {
          return invalid(id, filter.label + ": '" + key + "' is not a date.");
        }
        *slot = date;
      }
      if (choice.from && choice.to && *choice.from > *choice.to) {
        return invalid(filter.id + ".to", filter.label + ": the end comes before the start.");
      }
      if (filter.mandatory && !choice.from && !choice.to) {
        return invalid(filter.id + ".from", filter.label + ": choose the dates.");
      }
    } else {
      const auto* sent = savedFor(filters, filter.id);
      choice.keys = splitKeys(sent != nullptr ? keyOf(*sent) : std::string());
      if (filter.role != nullptr && choice.keys.size() > kMostPeopleChosen) {
        return invalid(filter.id, filter.label + ": choose at most " +
                                      std::to_string(kMostPeopleChosen) + " people.");
      }
      for (const auto& key : choice.keys) {
        // People are persons' ids, checked against who the person may see by the service.
        const bool known = filter.role != nullptr ? parsePositiveId(key).has_value()
                                                  : textFor(filter, key) != nullptr;
        if (!known) {
          return invalid(filter.id, filter.label + ": '" + key + "' is not one of its choices.");
        }
      }
      if (filter.kind == ReportFilterKind::Choice && choice.keys.size() > 1) {
        return invalid(filter.id, filter.label + ": choose one.");
      }
      if (filter.mandatory && choice.keys.empty()) {
        return invalid(filter.id, filter.label + ": make a choice.");
      }
    }
    choices.push_back(std::move(choice));
  }
  return choices;
}

std::vector<FilterUsed> filtersUsed(const std::vector<FilterChoice>& choices) {
  std::vector<FilterUsed> used;
  for (const auto& choice : choices) {
    const auto& filter = *choice.filter;
    std::string text;
    if (filter.kind == ReportFilterKind::DateRange) {
      if (choice.from && choice.to) {
        text = readableDate(*choice.from) + " to " + readableDate(*choice.to);
      } else if (choice.from) {
        text = "from " + readableDate(*choice.from);
      } else if (choice.to) {
        text = "until " + readableDate(*choice.to);
      }
    } else if (filter.role != nullptr) {
      for (const auto& name : choice.texts) {
        text += (text.empty() ? "" : ", ") + name;
      }
    } else {
      for (const auto& key : choice.keys) {
        text += (text.empty() ? "" : ", ") + *textFor(filter, key);
      }
    }
    used.push_back({filter.label, text.empty() ? "All" : text});
  }
  return used;
}

}  // namespace dossier::reports
