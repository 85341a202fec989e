#pragma once

#include <string_view>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::reports {

// A person's scheduled reports (GET/POST /reports/schedules, PUT/DELETE /reports/schedules/{id},
// POST …/send): each is theirs alone; another's is not found. A schedule is checked when it is
// kept — the report is one they may run, the format one it offers, the filters ones it takes,
// each recipient an enabled user who may run it and has an e-mail address, links only where the
// environment names its site address, and e-mail configured at all — and again, with each
// recipient's rights as they are then, each time it is sent.

// The most schedules one person keeps.
inline constexpr int kMostSchedulesPerPerson = 20;

boost::json::array listSchedules(environments::Environment& environment,
                                 const api::Session& session);
Result<boost::json::object> createSchedule(environments::Environment& environment,
                                           const api::Session& session,
                                           const boost::json::object& body);
Result<boost::json::object> updateSchedule(environments::Environment& environment,
                                           const api::Session& session, std::string_view id,
                                           const boost::json::object& body);
Status deleteSchedule(environments::Environment& environment, const api::Session& session,
                      std::string_view id);
// GET /reports/recipients: the colleagues whose username or name contains `search`, as
// {username, displayName, email}; reports.no_reports for a person who may run no report.
Result<boost::json::array> listRecipientChoices(environments::Environment& environment,
                                                const api::Session& session,
                                                std::string_view search);
// Due at once: the runner sends it within moments, and its regular times go on as before.
Result<boost::json::object> sendScheduleNow(environments::Environment& environment,
                                            const api::Session& session, std::string_view id);

}  // namespace dossier::reports
