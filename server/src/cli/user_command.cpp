#include <charconv>
#include <functional>
#include <iomanip>
#include <iostream>
#include <memory>

#include "auth/audit_log.hpp"
#include "auth/directory_identities.hpp"
#include "auth/errors.hpp"
#include "auth/password_policy.hpp"
#include "auth/passwords.hpp"
#include "auth/sessions.hpp"
#include "auth/throttle.hpp"
#include "auth/two_factor_store.hpp"
#include "auth/users.hpp"
#include "cli/commands.hpp"
#include "cli/errors.hpp"
#include "cli/password_input.hpp"
#include "db/pool.hpp"
#include "environments/registry.hpp"
#include "records/records.hpp"

namespace dossier::cli {

namespace {

std::string lowerAscii(std::string text) {
  for (auto& c : text) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return text;
}

// Opens the one environment a user command works on, or says why not.
std::unique_ptr<environments::Registry> openEnvironment(const UserOptions& options) {
  auto registry = environments::Registry::open(
      {options.locations.environments, options.locations.data, 1, options.environment});
  if (!registry) {
    std::cerr << registry.error().message << "\n";
    return nullptr;
  }
  return std::move(registry).value();
}

std::optional<std::string> readCheckedPassword(const environments::Environment& environment,
                                               const std::string& username) {
  std::string problem;
  auto password = readPassword(problem);
  if (!password) {
    std::cerr << problem << "\n";
    return std::nullopt;
  }
  const auto violations =
      auth::passwordPolicyViolations(environment.config().passwordPolicy, *password, username);
  if (!violations.empty()) {
    std::cerr << auth::describePolicyViolations(violations) << "\n";
    return std::nullopt;
  }
  return password;
}

// The person record named by --person: its id, nullopt for "none", or an error message.
Result<std::optional<std::int64_t>> personOption(environments::Environment& environment,
                                                 const std::string& text) {
  if (text == "none") {
    return std::optional<std::int64_t>{};
  }
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc{} || end != text.data() + text.size() || id <= 0) {
    return Error::of(errors::kPersonInvalid,
                     "--person takes a person's id (digits) or none, not '" + text + "'.");
  }
  auto db = environment.db().acquire();
  if (!records::findPerson(*db, id)) {
    return Error::of(errors::kPersonNotFound,
                     "There is no person " + text + " in " + environment.key() + ".");
  }
  return std::optional<std::int64_t>{id};
}

// Finds the user or says there is none.
std::optional<auth::User> existingUser(environments::Environment& environment,
                                       const std::string& username) {
  auto db = environment.db().acquire();
  auto user = auth::findUserByName(*db, username);
  if (!user) {
    std::cerr << "There is no user '" << username << "' in " << environment.key() << ".\n";
  }
  return user;
}

// The environment of a command and the user it names, or nothing once it has said why not.
struct OpenedUser {
  std::unique_ptr<environments::Registry> registry;
  std::string key;
  auth::User user;
  environments::Environment& environment() const { return *registry->find(key); }
};

std::optional<OpenedUser> openUser(const UserOptions& options) {
  auto registry = openEnvironment(options);
  if (!registry) {
    return std::nullopt;
  }
  auto user = existingUser(*registry->find(options.environment), options.username);
  if (!user) {
    return std::nullopt;
  }
  return OpenedUser{std::move(registry), options.environment, std::move(*user)};
}

// A change to the user a command names, in one transaction; prints the sentence it returns.
int changeUser(const UserOptions& options,
               const std::function<std::string(db::Connection&, const auth::User&)>& change) {
  auto opened = openUser(options);
  if (!opened) {
    return 1;
  }
  auto db = opened->environment().db().acquire();
  db::Transaction transaction(*db);
  const auto said = change(*db, opened->user);
  transaction.commit();
  std::cout << said << "\n";
  return 0;
}

}  // namespace

int runUserAdd(const UserOptions& options) {
  if (!auth::isValidUsername(options.username)) {
    std::cerr << "'" << options.username << "' is not a valid username. " << auth::kUsernameRule
              << ".\n";
    return 1;
  }
  auto registry = openEnvironment(options);
  if (!registry) {
    return 1;
  }
  auto& environment = *registry->find(options.environment);
  // Said alike whether the name was there before the password was asked for, or another `user add`
  // took it meanwhile.
  const auto taken = [&] {
    std::cerr << "The username '" << options.username << "' is already taken in "
              << options.environment << ".\n";
    return 1;
  };
  {
    auto db = environment.db().acquire();
    if (auth::findUserByName(*db, options.username)) {
      return taken();
    }
  }
  std::optional<std::int64_t> person;
  if (!options.person.empty()) {
    auto given = personOption(environment, options.person);
    if (!given) {
      std::cerr << given.error().message << "\n";
      return 1;
    }
    person = *given;
  }
  const auto password = readCheckedPassword(environment, options.username);
  if (!password) {
    return 1;
  }
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  auto user = auth::createUser(
      *db, {options.username, options.displayName.empty() ? options.username : options.displayName,
            auth::hashPassword(*password), options.mustChangePassword});
  if (!user) {
    if (user.error().is(auth::errors::kUserExists)) {
      return taken();
    }
    std::cerr << user.error().message << "\n";
    return 1;
  }
  if (person) {
    auth::setPerson(*db, user->id, person);
  }
  auth::recordSecurityEvent(*db,
                            {"user.created", user->id, user->username, "", "", "command line"});
  transaction.commit();
  std::cout << "Created " << user->username << " in " << options.environment << ".\n";
  return 0;
}

int runUserPasswd(const UserOptions& options) {
  auto opened = openUser(options);
  if (!opened) {
    return 1;
  }
  auto& environment = opened->environment();
  const auto& user = opened->user;
  const auto password = readCheckedPassword(environment, user.username);
  if (!password) {
    return 1;
  }
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  auth::setPassword(*db, user.id, auth::hashPassword(*password), options.mustChangePassword);
  const int ended = auth::revokeAllSessions(*db, user.id, Clock::now());
  // A new password is the way back in for someone locked out by failed attempts.
  auth::clearAccountThrottle(*db, lowerAscii(user.username));
  auth::recordSecurityEvent(*db, {"password.set", user.id, user.username, "", "",
                                  "command line; sessions ended: " + std::to_string(ended)});
  transaction.commit();
  std::cout << "Set the password of " << user.username << "; " << ended << " session(s) ended.\n";
  return 0;
}

int runUserDisable(const UserOptions& options, bool disabled) {
  return changeUser(options, [&](db::Connection& db, const auth::User& user) {
    auth::setDisabled(db, user.id, disabled);
    int ended = 0;
    if (disabled) {
      ended = auth::revokeAllSessions(db, user.id, Clock::now());
    } else {
      auth::clearAccountThrottle(db, lowerAscii(user.username));
    }
    auth::recordSecurityEvent(db, {disabled ? "user.disabled" : "user.enabled", user.id,
                                   user.username, "", "", "command line"});
    return disabled
               ? "Disabled " + user.username + "; " + std::to_string(ended) + " session(s) ended."
               : "Enabled " + user.username + ".";
  });
}

int runUserResetTwoFactor(const UserOptions& options) {
  return changeUser(options, [](db::Connection& db, const auth::User& user) {
    if (!auth::secondFactorOf(db, user.id)) {
      return user.username + " has no two-step verification to reset.";
    }
    auth::removeSecondFactor(db, user.id);
    auth::endTickets(db, user.id);
    const int ended = auth::revokeAllSessions(db, user.id, Clock::now());
    auth::recordSecurityEvent(db,
                              {"twofactor.reset", user.id, user.username, "", "", "command line"});
    return "Reset the two-step verification of " + user.username + "; " + std::to_string(ended) +
           " session(s) ended.";
  });
}

int runUserEndSessions(const UserOptions& options) {
  return changeUser(options, [](db::Connection& db, const auth::User& user) {
    const int ended = auth::revokeAllSessions(db, user.id, Clock::now());
    auth::recordSecurityEvent(db, {"sessions.ended", user.id, user.username, "", "",
                                   "command line; sessions ended: " + std::to_string(ended)});
    return "Ended " + std::to_string(ended) + " session(s) of " + user.username + ".";
  });
}

int runUserEndEverySession(const UserOptions& options) {
  auto registry = openEnvironment(options);
  if (!registry) {
    return 1;
  }
  auto db = registry->find(options.environment)->db().acquire();
  db::Transaction transaction(*db);
  const int ended = auth::revokeEverySession(*db, Clock::now());
  auth::recordSecurityEvent(
      *db, {"sessions.ended", std::nullopt, "", "", "",
            "command line; every session; sessions ended: " + std::to_string(ended)});
  transaction.commit();
  std::cout << "Ended " << ended << " session(s) of " << options.environment
            << ": everyone signs in again.\n";
  return 0;
}

int runUserForgetDirectoryAccounts(const UserOptions& options) {
  return changeUser(options, [](db::Connection& db, const auth::User& user) {
    const int forgotten = auth::forgetDirectoryIdentities(db, user.id);
    auth::recordSecurityEvent(db,
                              {"directory.forgotten", user.id, user.username, "", "",
                               "command line; accounts forgotten: " + std::to_string(forgotten)});
    return forgotten == 0 ? user.username + " signs in with no cloud-directory account yet."
                          : "Forgot the cloud-directory account(s) of " + user.username +
                                ": the next sign-in through each links the account it comes "
                                "with.";
  });
}

int runUserLink(const UserOptions& options) {
  auto opened = openUser(options);
  if (!opened) {
    return 1;
  }
  auto& environment = opened->environment();
  const auto& user = opened->user;
  auto person = personOption(environment, options.person);
  if (!person) {
    std::cerr << person.error().message << "\n";
    return 1;
  }
  auto db = environment.db().acquire();
  auth::setPerson(*db, user.id, *person);
  if (*person) {
    std::cout << user.username << "'s own record is now person " << **person << ".\n";
  } else {
    std::cout << user.username << " is no longer linked to a person.\n";
  }
  return 0;
}

int runUserList(const UserOptions& options) {
  auto registry = openEnvironment(options);
  if (!registry) {
    return 1;
  }
  auto db = registry->find(options.environment)->db().acquire();
  const auto users = auth::listUsers(*db);
  std::cout << std::left << std::setw(30) << "USERNAME" << std::setw(30) << "DISPLAY NAME"
            << std::setw(10) << "PERSON"
            << "STATE\n";
  for (const auto& user : users) {
    std::string state = user.disabled ? "disabled" : "active";
    if (user.mustChangePassword) {
      state += ", must change password";
    }
    std::cout << std::setw(30) << user.username << std::setw(30) << user.displayName
              << std::setw(10) << (user.personId ? std::to_string(*user.personId) : "-") << state
              << "\n";
  }
  return 0;
}

}  // namespace dossier::cli
