#include "auth/current_password.hpp"

#include "auth/audit_log.hpp"
#include "auth/errors.hpp"
#include "auth/hashing_queue.hpp"
#include "auth/known_addresses.hpp"
#include "auth/password_attempt.hpp"
#include "auth/passwords.hpp"
#include "auth/sign_in.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

SecurityEvent proofEvent(std::string_view name, const api::Session& session,
                         const PasswordProof& proof, std::string detail = {}) {
  return {std::string(name),   session.userId,      session.username,
          proof.clientAddress, proof.correlationId, std::move(detail)};
}

}  // namespace

Status proveCurrentPassword(environments::Environment& environment, const api::Session& session,
                            const User& user, const PasswordProof& proof,
                            const PasswordProofEvents& events, TimePoint now) {
  if (!proof.password || proof.password->empty()) {
    return Error::of(errors::kCurrentPasswordRequired, "Enter your current password.")
        .withField("currentPassword", "Required");
  }
  if (proof.password->size() > kMaxCredentialLength) {
    return Error::of(errors::kPasswordTooLong,
                     "The current password can be at most 100 characters.")
        .withField("currentPassword", "At most 100 characters.");
  }
  const auto& policy = environment.config().signIn.throttle;
  std::optional<PasswordAttempt> check;
  {
    auto db = environment.db().acquire();
    check.emplace(policy, user.username, proof.clientAddress,
                  isKnownAddress(*db, user.id, proof.clientAddress, now, policy.knownAddressFor));
    db::Transaction transaction(*db);
    if (auto allowed = check->begin(*db, now); !allowed) {
      recordSecurityEvent(*db, proofEvent(events.throttled, session, proof));
      transaction.commit();
      return allowed;
    }
    transaction.commit();
  }
  const auto checkStarted = std::chrono::steady_clock::now();
  // Whoever proves their password holds a session: they signed in, and their check does not wait
  // behind a flood of others' failing sign-ins.
  bool valid = false;
  const bool hashed = hashingQueue().run(
      [&] { valid = user.passwordHash && verifyPassword(*user.passwordHash, *proof.password); },
      HashingLane::GoodStanding);
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  if (!hashed) {
    check->notChecked(*db);
    transaction.commit();
    return busy();
  }
  if (!valid) {
    recordSecurityEvent(*db, proofEvent(events.wrong, session, proof, "wrong current password"));
    const auto failure =
        check->failed(*db, now + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::steady_clock::now() - checkStarted));
    transaction.commit();
    return Error::of(errors::kCurrentPasswordWrong,
                     failure.waitSentence.empty()
                         ? "The current password is not right."
                         : "The current password is not right. " + failure.waitSentence)
        .withField("currentPassword", "The current password is not right.");
  }
  check->succeeded(*db);
  transaction.commit();
  return {};
}

}  // namespace dossier::auth
