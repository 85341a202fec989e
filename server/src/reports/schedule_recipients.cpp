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

// The `email` field of the user's own person record, or else their username when it is one.
std::optional<std::string> addressOf(db::Connection& db, const records::Actor& actor) {
  if (const auto person = records::personOfUser(db, actor.userId)) {
    if (const auto record = records::findRecordById(db, types::EntityKind::Person, *person)) {
      if (const auto* email = record->values.if_contains("email");
          email != nullptr && email->is_string() &&
          mail::isEmailAddress(std::string(email->as_string()))) {
        return std::string(email->as_string());
      }
    }
  }
  if (mail::isEmailAddress(actor.username)) {
    return actor.username;
  }
  return std::nullopt;
}

constexpr int kMostChoices = 20;

}  // namespace

std::vector<RecipientChoice> recipientChoices(db::Connection& db, std::string_view part) {
  std::vector<RecipientChoice> choices;
  for (auto& actor : records::enabledUsersMatching(db, part, kMostChoices)) {
    auto address = addressOf(db, actor);
    choices.push_back({std::move(actor), std::move(address)});
  }
  return choices;
}

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
  if (auto address = addressOf(db, *actor)) {
    return Recipient{*actor, std::move(*address)};
  }
  return refused(actor->displayName + " (" + actor->username +
                 ") has no e-mail address: their person record has none, and their username is "
                 "not one.");
}

}  // namespace dossier::reports
