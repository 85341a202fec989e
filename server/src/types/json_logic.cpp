#include "types/json_logic.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>

#include <boost/json/serialize.hpp>

namespace dossier::types {

namespace json = boost::json;

namespace {

bool isRule(const json::value& value) {
  return value.is_object() && value.as_object().size() == 1;
}

// JavaScript's Number(value), as json-logic-js coerces.
double toNumber(const json::value& value) {
  if (value.is_double()) {
    return value.get_double();
  }
  if (value.is_int64()) {
    return static_cast<double>(value.get_int64());
  }
  if (value.is_uint64()) {
    return static_cast<double>(value.get_uint64());
  }
  if (value.is_bool()) {
    return value.get_bool() ? 1 : 0;
  }
  if (value.is_null()) {
    return 0;
  }
  if (value.is_string()) {
    const std::string text(value.get_string());
    const auto first = text.find_first_not_of(" \t\n\r");
    if (first == std::string::npos) {
      return 0;
    }
    try {
      std::size_t used = 0;
      const double number = std::stod(text.substr(first), &used);
      const auto rest = text.substr(first + used);
      if (rest.find_first_not_of(" \t\n\r") == std::string::npos) {
        return number;
      }
    } catch (const std::exception&) {
    }
    return std::nan("");
  }
  return std::nan("");
}

// JavaScript's String(number): every digit needed to read the number back (12345.67, not
// 12345.7), plain from 1e-6 up to 1e21 and with an exponent outside that.
std::string numberText(double number) {
  if (std::isnan(number)) {
    return "NaN";
  }
  if (std::isinf(number)) {
    return number > 0 ? "Infinity" : "-Infinity";
  }
  if (number == 0) {
    return "0";
  }
  const double magnitude = std::fabs(number);
  const bool plain = magnitude >= 1e-6 && magnitude < 1e21;
  char buffer[64];
  const auto written =
      std::to_chars(buffer, buffer + sizeof buffer, number,
                    plain ? std::chars_format::fixed : std::chars_format::scientific);
  std::string text(buffer, written.ptr);
  if (!plain) {
    // "1e-07" → "1e-7", as JavaScript writes it.
    const auto sign = text.find('e') + 2;
    const auto digits = text.find_first_not_of('0', sign);
    text.erase(sign, (digits == std::string::npos ? text.size() - 1 : digits) - sign);
  }
  return text;
}

// JavaScript's String(value) for what forms hold.
std::string toText(const json::value& value) {
  if (value.is_string()) {
    return std::string(value.get_string());
  }
  if (value.is_null()) {
    return "null";
  }
  if (value.is_bool()) {
    return value.get_bool() ? "true" : "false";
  }
  if (value.is_number()) {
    return numberText(toNumber(value));
  }
  if (value.is_array()) {
    // Array.prototype.join: null inside a list is written as nothing.
    std::string out;
    for (std::size_t i = 0; i < value.as_array().size(); ++i) {
      const auto& item = value.as_array()[i];
      out += (i == 0 ? "" : ",") + (item.is_null() ? std::string() : toText(item));
    }
    return out;
  }
  return "[object Object]";
}

// JavaScript's parseFloat(value), which json-logic-js's + and * use: the number at the start of
// the text ("3 apples" is 3); null, true, "" and other text are not a number.
double parseFloatLike(const json::value& value) {
  if (value.is_number()) {
    return toNumber(value);
  }
  const auto text = toText(value);
  std::size_t i = 0;
  while (i < text.size() &&
         std::string_view(" \t\n\r\f\v").find(text[i]) != std::string_view::npos) {
    ++i;
  }
  const auto start = i;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
    ++i;
  }
  if (std::string_view(text).substr(i).starts_with("Infinity")) {
    return text[start] == '-' ? -HUGE_VAL : HUGE_VAL;
  }
  const auto isDigit = [&](std::size_t at) {
    return at < text.size() && text[at] >= '0' && text[at] <= '9';
  };
  std::size_t digits = 0;
  while (isDigit(i)) {
    ++i;
    ++digits;
  }
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (isDigit(i)) {
      ++i;
      ++digits;
    }
  }
  if (digits == 0) {
    return std::nan("");
  }
  // An exponent counts only when digits follow it ("2e" is 2).
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    auto at = i + 1;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
      ++at;
    }
    if (isDigit(at)) {
      i = at;
      while (isDigit(i)) {
        ++i;
      }
    }
  }
  return std::strtod(text.substr(start, i - start).c_str(), nullptr);
}

bool strictEquals(const json::value& a, const json::value& b) {
  if (a.is_number() && b.is_number()) {
    return toNumber(a) == toNumber(b);
  }
  if (a.kind() != b.kind()) {
    return false;
  }
  if (a.is_array() || a.is_object()) {
    return false;  // JavaScript compares these by identity
  }
  return a == b;
}

// JavaScript's ==, for primitives.
bool looseEquals(const json::value& a, const json::value& b) {
  if (a.is_null() || b.is_null()) {
    return a.is_null() && b.is_null();
  }
  if (a.is_string() && b.is_string()) {
    return a == b;
  }
  if ((a.is_array() || a.is_object()) && (b.is_array() || b.is_object())) {
    return false;
  }
  if (a.is_array() || a.is_object()) {
    return looseEquals(json::value(toText(a)), b);
  }
  if (b.is_array() || b.is_object()) {
    return looseEquals(a, json::value(toText(b)));
  }
  return toNumber(a) == toNumber(b);
}

// JavaScript's < with json-logic-js's operands (numbers, or two texts compared as text).
bool lessThan(const json::value& a, const json::value& b) {
  if (a.is_string() && b.is_string()) {
    return a.get_string() < b.get_string();
  }
  return toNumber(a) < toNumber(b);
}

bool lessOrEqual(const json::value& a, const json::value& b) {
  if (a.is_string() && b.is_string()) {
    return a.get_string() <= b.get_string();
  }
  return toNumber(a) <= toNumber(b);
}

json::value number(double value) {
  if (std::floor(value) == value && std::fabs(value) < 9e15) {
    return static_cast<std::int64_t>(value);
  }
  return value;
}

json::value lookup(const json::value& data, const json::value& path, const json::value& fallback) {
  if (path.is_null() || (path.is_string() && path.get_string().empty())) {
    return data;
  }
  const auto key = toText(path);
  const json::value* current = &data;
  std::size_t start = 0;
  while (start <= key.size()) {
    const auto end = std::min(key.find('.', start), key.size());
    const auto part = key.substr(start, end - start);
    if (current->is_object()) {
      const auto* next = current->as_object().if_contains(part);
      if (next == nullptr) {
        return fallback;
      }
      current = next;
    } else if (current->is_array()) {
      try {
        const auto index = std::stoul(part);
        if (index >= current->as_array().size()) {
          return fallback;
        }
        current = &current->as_array()[index];
      } catch (const std::exception&) {
        return fallback;
      }
    } else {
      return fallback;
    }
    start = end + 1;
  }
  return *current;
}

using Evaluate = std::function<json::value(const json::value&)>;

json::array argumentsOf(const json::value& operand) {
  if (operand.is_array()) {
    return operand.as_array();
  }
  return json::array{operand};
}

}  // namespace

bool truthy(const json::value& value) {
  if (value.is_null()) {
    return false;
  }
  if (value.is_bool()) {
    return value.get_bool();
  }
  if (value.is_number()) {
    const double number = toNumber(value);
    return number != 0 && !std::isnan(number);
  }
  if (value.is_string()) {
    return !value.get_string().empty();
  }
  if (value.is_array()) {
    return !value.as_array().empty();
  }
  return true;
}

json::value evaluateJsonLogic(const json::value& rule, const json::value& data) {
  if (rule.is_array()) {
    json::array out;
    for (const auto& item : rule.as_array()) {
      out.push_back(evaluateJsonLogic(item, data));
    }
    return out;
  }
  if (!isRule(rule)) {
    return rule;
  }
  const auto& [op, operand] = *rule.as_object().begin();
  const auto args = argumentsOf(operand);
  const auto eval = [&](std::size_t index) -> json::value {
    return index < args.size() ? evaluateJsonLogic(args[index], data) : json::value(nullptr);
  };

  if (op == "var") {
    return lookup(data, eval(0), eval(1));
  }
  if (op == "missing") {
    json::array missing;
    auto keys = args;
    if (!keys.empty() && isRule(keys[0])) {
      const auto evaluated = eval(0);
      keys = evaluated.is_array() ? evaluated.as_array() : json::array{evaluated};
    }
    for (const auto& key : keys) {
      const auto found = lookup(data, evaluateJsonLogic(key, data), nullptr);
      if (found.is_null() || (found.is_string() && found.get_string().empty())) {
        missing.push_back(evaluateJsonLogic(key, data));
      }
    }
    return missing;
  }
  if (op == "if" || op == "?:") {
    std::size_t i = 0;
    for (; i + 1 < args.size(); i += 2) {
      if (truthy(eval(i))) {
        return eval(i + 1);
      }
    }
    return i < args.size() ? eval(i) : json::value(nullptr);
  }
  if (op == "and") {
    json::value last = nullptr;
    for (std::size_t i = 0; i < args.size(); ++i) {
      last = eval(i);
      if (!truthy(last)) {
        return last;
      }
    }
    return last;
  }
  if (op == "or") {
    json::value last = nullptr;
    for (std::size_t i = 0; i < args.size(); ++i) {
      last = eval(i);
      if (truthy(last)) {
        return last;
      }
    }
    return last;
  }
  if (op == "!") {
    return !truthy(eval(0));
  }
  if (op == "!!") {
    return truthy(eval(0));
  }
  if (op == "==") {
    return looseEquals(eval(0), eval(1));
  }
  if (op == "!=") {
    return !looseEquals(eval(0), eval(1));
  }
  if (op == "===") {
    return strictEquals(eval(0), eval(1));
  }
  if (op == "!==") {
    return !strictEquals(eval(0), eval(1));
  }
  if (op == "<" || op == "<=") {
    const auto compare = op == "<" ? lessThan : lessOrEqual;
    if (args.size() >= 3) {
      const auto middle = eval(1);
      return compare(eval(0), middle) && compare(middle, eval(2));
    }
    return compare(eval(0), eval(1));
  }
  if (op == ">") {
    const auto a = eval(0);
    return lessThan(eval(1), a);
  }
  if (op == ">=") {
    const auto a = eval(0);
    return lessOrEqual(eval(1), a);
  }
  if (op == "in") {
    const auto needle = eval(0);
    const auto haystack = eval(1);
    if (haystack.is_array()) {
      return std::any_of(haystack.as_array().begin(), haystack.as_array().end(),
                         [&](const json::value& item) { return strictEquals(item, needle); });
    }
    if (haystack.is_string()) {
      return toText(haystack).find(toText(needle)) != std::string::npos;
    }
    return false;
  }
  if (op == "cat") {
    std::string out;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const auto part = eval(i);
      out += part.is_null() ? std::string() : toText(part);  // join() writes null as nothing
    }
    return json::value(out);
  }
  if (op == "+") {
    double sum = 0;
    for (std::size_t i = 0; i < args.size(); ++i) {
      sum += parseFloatLike(eval(i));
    }
    return number(sum);
  }
  if (op == "*") {
    double product = 1;
    for (std::size_t i = 0; i < args.size(); ++i) {
      product *= parseFloatLike(eval(i));
    }
    return number(product);
  }
  if (op == "-") {
    if (args.size() == 1) {
      return number(-toNumber(eval(0)));
    }
    return number(toNumber(eval(0)) - toNumber(eval(1)));
  }
  if (op == "/") {
    return number(toNumber(eval(0)) / toNumber(eval(1)));
  }
  if (op == "%") {
    return number(std::fmod(toNumber(eval(0)), toNumber(eval(1))));
  }
  if (op == "min" || op == "max") {
    if (args.empty()) {
      return nullptr;
    }
    double best = toNumber(eval(0));
    for (std::size_t i = 1; i < args.size(); ++i) {
      const double next = toNumber(eval(i));
      best = op == "min" ? std::min(best, next) : std::max(best, next);
    }
    return number(best);
  }
  // Unknown operators are refused when the configuration is read; a rule that slips through
  // evaluates to null (false), never to an exception.
  return nullptr;
}

std::optional<std::string> checkJsonLogic(const json::value& rule,
                                          const std::set<std::string>& variables) {
  static const std::set<std::string> known = {
      "var", "missing", "if", "?:", "and", "or", "!", "!!", "==", "!=", "===", "!==", "<",
      "<=",  ">",       ">=", "in", "cat", "+",  "-", "*",  "/",  "%",  "min", "max"};
  if (rule.is_array()) {
    for (const auto& item : rule.as_array()) {
      if (auto problem = checkJsonLogic(item, variables)) {
        return problem;
      }
    }
    return std::nullopt;
  }
  if (!rule.is_object()) {
    return std::nullopt;
  }
  if (!isRule(rule)) {
    return "a rule is an object with exactly one operator, such as {\"==\": [{\"var\": \"x\"}, 1]}";
  }
  const auto& [op, operand] = *rule.as_object().begin();
  if (!known.contains(std::string(op))) {
    return "'" + std::string(op) + "' is not a JSON Logic operator this product evaluates";
  }
  if (op == "var") {
    const auto path =
        operand.is_array() && !operand.as_array().empty() ? operand.as_array()[0] : operand;
    if (path.is_string()) {
      const std::string name(path.get_string());
      const auto head = name.substr(0, name.find('.'));
      if (!name.empty() && !variables.contains(head)) {
        return "{\"var\": \"" + name + "\"} names no field of this form";
      }
    }
    return std::nullopt;
  }
  return checkJsonLogic(operand, variables);
}

}  // namespace dossier::types
