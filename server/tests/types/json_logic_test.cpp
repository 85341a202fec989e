#include "types/json_logic.hpp"

#include <cctype>
#include <fstream>
#include <sstream>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

namespace dossier::types {
namespace {

namespace json = boost::json;

// The same file is run by the web app's tests against json-logic-js, so that a visibility
// condition means the same on the server and in the browser.
const char* const kCasesFile = DOSSIER_SOURCE_DIR "/server/tests/types/json_logic_cases.json";

struct LogicCase {
  std::size_t index = 0;
  json::value rule;
  json::value data;
  json::value result;
  std::string note;
};

// gtest names a failing case by its note rather than by its bytes.
void PrintTo(const LogicCase& c, std::ostream* out) {
  *out << c.note;
}

std::vector<LogicCase> loadCases() {
  std::ifstream in(kCasesFile, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  const auto parsed = json::parse(text.str(), ec);
  std::vector<LogicCase> cases;
  if (ec || !parsed.is_array()) {
    return cases;
  }
  for (const auto& item : parsed.as_array()) {
    const auto& object = item.as_object();
    cases.push_back({cases.size(), object.at("rule"), object.at("data"), object.at("result"),
                     std::string(object.at("note").as_string())});
  }
  return cases;
}

// JSON has one kind of number: 3 and 3.0 are the same result.
bool sameJson(const json::value& a, const json::value& b) {
  if (a.is_number() && b.is_number()) {
    return a.to_number<double>() == b.to_number<double>();
  }
  if (a.is_array() && b.is_array()) {
    const auto& x = a.as_array();
    const auto& y = b.as_array();
    if (x.size() != y.size()) {
      return false;
    }
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (!sameJson(x[i], y[i])) {
        return false;
      }
    }
    return true;
  }
  if (a.is_object() && b.is_object()) {
    const auto& x = a.as_object();
    const auto& y = b.as_object();
    if (x.size() != y.size()) {
      return false;
    }
    for (const auto& [key, value] : x) {
      const auto* other = y.if_contains(key);
      if (other == nullptr || !sameJson(value, *other)) {
        return false;
      }
    }
    return true;
  }
  return a == b;
}

class SharedJsonLogicCase : public ::testing::TestWithParam<LogicCase> {};

TEST_P(SharedJsonLogicCase, GivesWhatJsonLogicJsGives) {
  const auto& c = GetParam();
  const auto result = evaluateJsonLogic(c.rule, c.data);
  EXPECT_TRUE(sameJson(result, c.result)) << c.note << "\n  rule:     " << json::serialize(c.rule)
                                          << "\n  data:     " << json::serialize(c.data)
                                          << "\n  expected: " << json::serialize(c.result)
                                          << "\n  got:      " << json::serialize(result);
}

std::string caseName(const ::testing::TestParamInfo<LogicCase>& info) {
  std::string name = std::to_string(info.param.index) + "_";
  bool gap = false;
  for (const char c : info.param.note) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
      if (gap && name.back() != '_') {
        name += '_';
      }
      name += c;
      gap = false;
    } else {
      gap = true;
    }
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(JsonLogicCasesFile, SharedJsonLogicCase, ::testing::ValuesIn(loadCases()),
                         caseName);

TEST(JsonLogicCasesFile, IsReadableAndCoversEveryOperatorAFormUses) {
  const auto cases = loadCases();
  ASSERT_GE(cases.size(), 150u) << kCasesFile;
  std::set<std::string> used;
  std::function<void(const json::value&)> collect = [&](const json::value& rule) {
    if (rule.is_array()) {
      for (const auto& item : rule.as_array()) {
        collect(item);
      }
    } else if (rule.is_object() && rule.as_object().size() == 1) {
      const auto& [op, operand] = *rule.as_object().begin();
      used.insert(std::string(op));
      collect(operand);
    }
  };
  for (const auto& c : cases) {
    collect(c.rule);
  }
  for (const char* op :
       {"var", "missing", "==", "===", "!=",  "!==", "!", "!!", "and", "or", "if",  "?:", "<",
        "<=",  ">",       ">=", "in",  "cat", "+",   "-", "*",  "/",   "%",  "min", "max"}) {
    EXPECT_TRUE(used.contains(op)) << op << " has no case";
  }
}

TEST(JsonLogicTruthiness, FollowsJsonLogicNotJavaScript) {
  EXPECT_FALSE(truthy(json::parse("[]")));
  EXPECT_FALSE(truthy(json::parse("\"\"")));
  EXPECT_FALSE(truthy(json::parse("0")));
  EXPECT_FALSE(truthy(json::parse("0.0")));
  EXPECT_FALSE(truthy(json::parse("null")));
  EXPECT_FALSE(truthy(json::parse("false")));
  EXPECT_TRUE(truthy(json::parse("\"0\"")));
  EXPECT_TRUE(truthy(json::parse("[0]")));
  EXPECT_TRUE(truthy(json::parse("{}")));
  EXPECT_TRUE(truthy(json::parse("-2")));
}

TEST(JsonLogicEvaluation, AnUnknownOperatorIsNullRatherThanAnException) {
  EXPECT_TRUE(evaluateJsonLogic(json::parse(R"({"sqrt": [4]})"), json::object{}).is_null());
  EXPECT_FALSE(
      truthy(evaluateJsonLogic(json::parse(R"({"and": [true, {"shout": "x"}]})"), json::object{})));
}

class CheckJsonLogic : public ::testing::Test {
 protected:
  std::set<std::string> fields{"channel", "status", "category", "location", "urgent"};

  std::optional<std::string> check(const char* rule) {
    return checkJsonLogic(json::parse(rule), fields);
  }
};

TEST_F(CheckJsonLogic, AcceptsAValidCondition) {
  EXPECT_EQ(check(R"({"==": [{"var": "channel"}, "letter"]})"), std::nullopt);
  EXPECT_EQ(check(R"({"and": [{"in": ["noise", {"var": "category"}]}, {"!": {"var": "urgent"}}]})"),
            std::nullopt);
  EXPECT_EQ(check(R"({"if": [{"missing": "status"}, false, {"var": ["status", "OPEN"]}]})"),
            std::nullopt);
}

TEST_F(CheckJsonLogic, AcceptsADottedPathIntoAField) {
  EXPECT_EQ(check(R"({"==": [{"var": "location.town"}, "Harbridge"]})"), std::nullopt);
}

TEST_F(CheckJsonLogic, AcceptsConstants) {
  EXPECT_EQ(check("true"), std::nullopt);
  EXPECT_EQ(check("[1, \"a\", null]"), std::nullopt);
}

TEST_F(CheckJsonLogic, RefusesAnUnknownOperator) {
  EXPECT_EQ(check(R"({"==": [{"substr": [{"var": "channel"}, 0, 1]}, "l"]})"),
            "'substr' is not a JSON Logic operator this product evaluates");
}

TEST_F(CheckJsonLogic, RefusesAVariableNamingNoField) {
  EXPECT_EQ(check(R"({"==": [{"var": "chanel"}, "letter"]})"),
            "{\"var\": \"chanel\"} names no field of this form");
  EXPECT_EQ(check(R"({"or": [true, {"var": ["nowhere.town", "x"]}]})"),
            "{\"var\": \"nowhere.town\"} names no field of this form");
}

TEST_F(CheckJsonLogic, RefusesAnObjectWithTwoOperators) {
  const auto problem = check(R"({"==": [1, 1], "!=": [1, 2]})");
  ASSERT_TRUE(problem.has_value());
  EXPECT_NE(problem->find("exactly one operator"), std::string::npos) << *problem;
}

}  // namespace
}  // namespace dossier::types
