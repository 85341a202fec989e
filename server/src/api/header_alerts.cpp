#include "api/header_alerts.hpp"

#include <string>

#include <boost/json/object.hpp>

namespace dossier::api {

boost::json::array headerAlertsJson(const std::vector<sandbox::MacroNotice>& alerts,
                                    std::string_view referencePrefix) {
  boost::json::array shown;
  int index = 0;
  for (const auto& alert : alerts) {
    shown.push_back(
        boost::json::object{{"reference", std::string(referencePrefix) + std::to_string(++index)},
                            {"message", alert.message},
                            {"type", alert.type},
                            {"closable", true},
                            {"durationInSeconds", alert.seconds}});
  }
  return shown;
}

}  // namespace dossier::api
