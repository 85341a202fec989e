#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "records/actor.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::types {
class Catalog;
struct ReportDefinition;
}  // namespace dossier::types

namespace dossier::reports {

// Someone a scheduled report goes to: the user, whose rights make their copy, and where it goes.
struct Recipient {
  records::Actor actor;
  std::string address;
};

// A recipient by username: an enabled user who may run the report, with an e-mail address — the
// `email` field of their own person record, or else their username when it is one. Otherwise a
// reports.invalid_schedule naming `recipients` and saying which and why.
Result<Recipient> recipientNamed(db::Connection& db, const types::Catalog& catalog,
                                 const types::ReportDefinition& report, std::string_view username);

// A colleague offered as a recipient while a schedule is written; no address for one who has none.
struct RecipientChoice {
  records::Actor actor;
  std::optional<std::string> address;
};

// At most 20 enabled users whose username or name contains `part`, by name.
std::vector<RecipientChoice> recipientChoices(db::Connection& db, std::string_view part);

}  // namespace dossier::reports
