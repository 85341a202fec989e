#include "reports/schedule_recipients.hpp"

#include "mail/smtp.hpp"
#include "records/records.hpp"
#include "records/user_identity.hpp"
#include "reports/errors.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {

namespace {

Error refused(const std::string& message) {
  return Error::of(errors::kInvalidSchedule, message).withField("recipients", message);
}

}  // namespace

Result<Recipient> recipientNamed(db::Connection& db, const types::Catalog& catalog,
                                 const types::ReportDefinition& report, std::string_view username) {
  const std::string name(username);
  auto actor = records::enabledUserNamed(db, username);
  if (!actor) {
    return refused("There is no user " + name + " who can sign in.");
  }
  if (!report.mayBeRunBy(catalog.groupsOf(actor->username))) {
    return refused(actor->displayName + " (" + actor->username + ") may not run this report.");
  }
  if (const auto person = records::personOfUser(db, actor->userId)) {
    if (const auto record = records::findRecordById(db, types::EntityKind::Person, *person)) {
      if (const auto* email = record->values.if_contains("email");
          email != nullptr && email->is_string() &&
          mail::isEmailAddress(std::string(email->as_string()))) {
        return Recipient{*actor, std::string(email->as_string())};
      }
    }
  }
  if (mail::isEmailAddress(actor->username)) {
    return Recipient{*actor, actor->username};
  }
  return refused(actor->displayName + " (" + actor->username +
                 ") has no e-mail address: their person record has none, and their username is "
                 "not one.");
}

}  // namespace dossier::reports
