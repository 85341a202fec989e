#pragma once

#include <chrono>
#include <string>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

struct SignInAttempt;

// An account's failures from all addresses reached signIn.throttle.accountAlertAfter within the
// window: someone is guessing its password, likely from many addresses. Said once an episode (the
// failure that reaches the mark), in the security audit, as a warning in the log, and as a
// notification to each member of the alert group.
void announceAccountUnderAttack(environments::Environment& environment, db::Connection& db,
                                const SignInAttempt& attempt, int failures, TimePoint now);

// "1 hour", "90 seconds": a duration of the configuration, as a person reads it.
std::string describeDuration(std::chrono::seconds duration);

}  // namespace dossier::auth
