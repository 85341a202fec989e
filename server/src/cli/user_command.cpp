#include <charconv>
#include <iomanip>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "auth/audit_log.hpp"
#include "auth/password_policy.hpp"
#include "auth/passwords.hpp"
#include "auth/sessions.hpp"
#include "auth/throttle.hpp"
#include "auth/users.hpp"
#include "cli/commands.hpp"
#include "cli/password_input.hpp"
#include "db/pool.hpp"
#include "entities/records.hpp"
#include "environments/registry.hpp"

namespace dossier::cli {

namespace {

struct UserOptions {
  Locations locations;
  std::string environment = "demo";
  std::string username;
  std::string displayName;
  bool mustChangePassword = false;
  std::string person;  // a person id, "none" to remove the link, empty to leave it
};

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
    return Error::badRequest("user.person",
                             "--person takes a person's id (digits) or none, not '" + text + "'.");
  }
  auto db = environment.db().acquire();
  if (!entities::findPerson(*db, id)) {
    return Error::notFound("user.person",
                           "There is no person " + text + " in " + environment.key() + ".");
  }
  return std::optional<std::int64_t>{id};
}

int addUser(const UserOptions& options) {
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
  {
    auto db = environment.db().acquire();
    if (auth::findUserByName(*db, options.username)) {
      std::cerr << "The username '" << options.username << "' is already taken in "
                << options.environment << ".\n";
      return 1;
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

int changePassword(const UserOptions& options) {
  auto registry = openEnvironment(options);
  if (!registry) {
    return 1;
  }
  auto& environment = *registry->find(options.environment);
  const auto user = existingUser(environment, options.username);
  if (!user) {
    return 1;
  }
  const auto password = readCheckedPassword(environment, user->username);
  if (!password) {
    return 1;
  }
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  auth::setPassword(*db, user->id, auth::hashPassword(*password), options.mustChangePassword);
  const int ended = auth::revokeAllSessions(*db, user->id, Clock::now());
  // A new password is the way back in for someone locked out by failed attempts.
  auth::clearThrottle(*db, auth::ThrottleScope::Account, lowerAscii(user->username));
  auth::recordSecurityEvent(*db, {"password.set", user->id, user->username, "", "",
                                  "command line; sessions ended: " + std::to_string(ended)});
  transaction.commit();
  std::cout << "Set the password of " << user->username << "; " << ended << " session(s) ended.\n";
  return 0;
}

int setDisabled(const UserOptions& options, bool disabled) {
  auto registry = openEnvironment(options);
  if (!registry) {
    return 1;
  }
  auto& environment = *registry->find(options.environment);
  const auto user = existingUser(environment, options.username);
  if (!user) {
    return 1;
  }
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  auth::setDisabled(*db, user->id, disabled);
  int ended = 0;
  if (disabled) {
    ended = auth::revokeAllSessions(*db, user->id, Clock::now());
  } else {
    auth::clearThrottle(*db, auth::ThrottleScope::Account, lowerAscii(user->username));
  }
  auth::recordSecurityEvent(*db, {disabled ? "user.disabled" : "user.enabled", user->id,
                                  user->username, "", "", "command line"});
  transaction.commit();
  std::cout << (disabled ? "Disabled " : "Enabled ") << user->username;
  if (disabled) {
    std::cout << "; " << ended << " session(s) ended";
  }
  std::cout << ".\n";
  return 0;
}

int linkPerson(const UserOptions& options) {
  auto registry = openEnvironment(options);
  if (!registry) {
    return 1;
  }
  auto& environment = *registry->find(options.environment);
  const auto user = existingUser(environment, options.username);
  if (!user) {
    return 1;
  }
  auto person = personOption(environment, options.person);
  if (!person) {
    std::cerr << person.error().message << "\n";
    return 1;
  }
  auto db = environment.db().acquire();
  auth::setPerson(*db, user->id, *person);
  if (*person) {
    std::cout << user->username << "'s own record is now person " << **person << ".\n";
  } else {
    std::cout << user->username << " is no longer linked to a person.\n";
  }
  return 0;
}

int listUsers(const UserOptions& options) {
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

}  // namespace

void addUserCommand(CLI::App& program, int& exitCode) {
  auto* command = program.add_subcommand("user", "Manage the users of an environment");
  command->require_subcommand(1);

  const auto subcommand = [&](const char* name, const char* description, bool needsName) {
    auto options = std::make_shared<UserOptions>();
    auto* sub = command->add_subcommand(name, description);
    addLocationOptions(*sub, options->locations);
    sub->add_option("--env", options->environment, "Environment")->capture_default_str();
    if (needsName) {
      sub->add_option("username", options->username, "Username")->required();
    }
    return std::pair{sub, options};
  };

  {
    auto [sub, options] =
        subcommand("add", "Add a user; the password is read from standard input", true);
    sub->add_option("--display-name", options->displayName, "Name shown in the app");
    sub->add_flag("--must-change-password", options->mustChangePassword,
                  "Ask for a new password at the first sign-in");
    sub->add_option("--person", options->person,
                    "Id of the person record that is the user's own (Profile opens it)");
    sub->callback([options, &exitCode] { exitCode = addUser(*options); });
  }
  {
    auto [sub, options] = subcommand(
        "passwd", "Set a user's password from standard input and end their sessions", true);
    sub->add_flag("--must-change-password", options->mustChangePassword,
                  "Ask for a new password at the next sign-in");
    sub->callback([options, &exitCode] { exitCode = changePassword(*options); });
  }
  {
    auto [sub, options] = subcommand("disable", "Stop a user from signing in", true);
    sub->callback([options, &exitCode] { exitCode = setDisabled(*options, true); });
  }
  {
    auto [sub, options] =
        subcommand("enable", "Let a disabled user sign in again and lift any lock", true);
    sub->callback([options, &exitCode] { exitCode = setDisabled(*options, false); });
  }
  {
    auto [sub, options] = subcommand(
        "link", "Link a user to the person record that is their own (Profile opens it)", true);
    sub->add_option("--person", options->person, "The person's id, or none to remove the link")
        ->required();
    sub->callback([options, &exitCode] { exitCode = linkPerson(*options); });
  }
  {
    auto [sub, options] = subcommand("list", "List the users", false);
    sub->callback([options, &exitCode] { exitCode = listUsers(*options); });
  }
}

}  // namespace dossier::cli
