#pragma once

#include <optional>
#include <set>
#include <string>

#include <boost/json/value.hpp>

namespace dossier::types {

// Visibility conditions are JSON Logic (jsonlogic.com) over the form's values. This evaluator
// follows json-logic-js, which the web app uses, for the operators a form needs: var, missing,
// ==, ===, !=, !==, !, !!, and, or, if (?:), <, <=, >, >=, in, cat, +, -, *, /, %, min, max.
// The test cases in server/tests/types/json_logic_cases.json run against both.
boost::json::value evaluateJsonLogic(const boost::json::value& rule,
                                     const boost::json::value& data);

// JSON Logic's truthiness: false, null, 0, "" and [] are false.
bool truthy(const boost::json::value& value);

// A problem with a rule (an unknown operator, a variable naming no field), or nullopt.
std::optional<std::string> checkJsonLogic(const boost::json::value& rule,
                                          const std::set<std::string>& variables);

}  // namespace dossier::types
