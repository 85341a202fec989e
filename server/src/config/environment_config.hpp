#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mail/transport.hpp"

namespace dossier::types {
class Catalog;
}

namespace dossier::config {

// Sign-in kinds as the web client names them; "dossier" is the product's own credentials.
inline constexpr const char* kOwnCredentials = "dossier";
inline constexpr const char* kWindows = "windows";
inline constexpr const char* kAzure = "azure";
// Who is told of an account under attack when environment.yaml does not say.
inline constexpr std::string_view kDefaultAlertGroup = "administrators";

// A cloud directory people sign in with (Azure AD or any OpenID Connect provider;
// auth/directory_sign_in.hpp), registered there as a confidential client of Dossier.
struct AzureRegistration {
  enum class ClientAuthentication { Basic, Post };
  std::string id;
  std::string name;
  // The directory's issuer, e.g. https://login.microsoftonline.com/<tenant>/v2.0; its
  // /.well-known/openid-configuration names the other endpoints.
  std::string issuer = {};
  std::string clientId = {};
  std::string clientSecret = {};  // read from clientSecretFile, never written in environment.yaml
  // Where the directory sends the browser back, exactly as registered there: an absolute URL
  // ending in /api/<env>/authentication/azure/<id>/callback.
  std::string redirectUri = {};
  // Certificates of authorities to trust for the directory's TLS beside the system's; empty: only
  // the system's.
  std::filesystem::path caFile = {};
  std::vector<std::string> scopes{"openid", "profile", "email"};
  ClientAuthentication clientAuthentication = ClientAuthentication::Basic;
  // The ID token claim that names the Dossier user, and how: alice@contoso.com → alice with
  // stripDomain, lower-cased with lowercase.
  std::string usernameClaim = "preferred_username";
  bool stripDomain = false;
  bool lowercase = true;
  // A directory account with no Dossier user becomes one (no password: it signs in only here).
  bool createUsers = false;
  // The claim listing the person's groups at the directory (Azure AD: group object ids), and which
  // groups of groups.yaml each value of it makes the person a member of, at each sign-in. No map:
  // the claim is not read, and groups are groups.yaml's alone.
  std::string groupsClaim = "groups";
  std::map<std::string, std::vector<std::string>> groups = {};
};

// How failed sign-ins slow further attempts down (docs/security.md). No account is ever locked: an
// outsider could keep its owner out that way. Waits grow per account and address together, and per
// address; an address with no recent failures is never made to wait for someone else's.
struct ThrottlePolicy {
  // Failures of one account from one address before each further attempt from there waits
  // (1 s, 2 s, 4 s … up to lockDuration).
  int accountFreeAttempts = 3;
  // Failures of one account from all addresses together after which the account is under attack:
  // the log, the security audit and the alert group are told, every address waits from its first
  // failure on it, and attempts from addresses the account has not signed in from lately wait for
  // the account as a whole (1 s, 2 s, 4 s … up to lockDuration, growing with each failure).
  int accountAlertAfter = 10;
  int addressFreeAttempts = 20;
  // Failures from one address, over all accounts, that stop it for lockDuration.
  int addressLockAfter = 100;
  std::chrono::seconds lockDuration{std::chrono::minutes(15)};
  // Failures older than this are forgotten.
  std::chrono::seconds window{std::chrono::hours(1)};
  // How long an address an account signed in from stays known for it (auth/known_addresses.hpp).
  std::chrono::seconds knownAddressFor{std::chrono::hours(24 * 30)};
  // The group of groups.yaml whose members are notified when an account comes under attack; empty
  // when nobody is. Unless written, "administrators" when the environment has that group (the
  // loader empties it otherwise).
  std::string alertGroup{kDefaultAlertGroup};
};

// Two-factor sign-in with an authenticator app (auth/two_factor.hpp): off; optional (whoever sets
// it up from the user menu has it); or required — for everyone, or, written `{required: [groups]}`,
// for the members of those groups of groups.yaml and optional for everyone else.
struct TwoFactorPolicy {
  enum class Mode { Off, Optional, Required };
  Mode mode = Mode::Off;
  std::vector<std::string> requiredGroups;  // with Optional: the groups it is required for

  bool offered() const { return mode != Mode::Off; }
};

// The proof-of-work bot check (auth/bot_check.hpp) asked of sign-in and change password: never,
// always, or from an address once it has failed to sign in afterFailures times within the
// throttle's window. maxNumber sets the work: a browser tries about half of it on average.
struct BotCheckPolicy {
  enum class Mode { Off, Always, AfterFailures };
  Mode mode = Mode::Off;
  int afterFailures = 3;
  int maxNumber = 100000;
};

// Windows integrated sign-in (SPNEGO / Kerberos, auth/windows_sign_in.hpp): the service's keys,
// the realms whose principals may sign in, and how a principal's name becomes a username.
struct WindowsSignIn {
  std::filesystem::path keytab;
  // The acceptor's principal, e.g. HTTP/dossier.example.org@EXAMPLE.ORG; empty: any key of the
  // keytab (the host name the browser asked a ticket for).
  std::string servicePrincipal;
  std::vector<std::string> realms;
  // user@REALM → user, or the whole principal as the username when false.
  bool stripRealm = true;
  bool lowercase = true;
};

struct SignInSettings {
  TwoFactorPolicy twoFactor;
  BotCheckPolicy botCheck;
  WindowsSignIn windows;
  std::vector<std::string> methods{kOwnCredentials};
  std::string defaultMethod = kOwnCredentials;
  std::vector<AzureRegistration> azureRegistrations;
  ThrottlePolicy throttle;
};

struct SessionPolicy {
  std::chrono::seconds idleTimeout{std::chrono::minutes(30)};
  std::chrono::seconds absoluteTimeout{std::chrono::hours(12)};
  // How long the security audit (sign-ins, password changes, sessions ended) is kept.
  std::chrono::seconds auditRetention{std::chrono::hours(24 * 365)};
};

struct PasswordPolicy {
  int minimumLength = 10;
  bool requireUppercase = true;
  bool requireLowercase = true;
  bool requireDigit = true;
  bool requireSymbol = false;
  bool mustNotContainUsername = true;
};

struct SubMenuItem {
  std::string name;
  std::string path;
};

struct MenuItem {
  std::string id;
  std::string name;
  std::string path;
  std::string iconClass;
  bool disabled = false;
  std::vector<SubMenuItem> subMenuItems;
};

struct Branding {
  std::string logoPng;  // raw bytes; empty when the environment has no logo
  std::string backgroundPng;
  std::string logoDescription;
  std::string backgroundImageDescription;
};

// How e-mails leave (Generate Email tasks): through an SMTP relay (smtp://host:port or
// smtps://host:port), or written into the pickup folder of the environment's data; and the
// sender's address. Without a mail section no e-mail is sent.
struct MailRelay {
  bool configured = false;
  mail::TransportKind transport = mail::TransportKind::Smtp;
  std::string url;  // smtp only
  std::string from;
};

// How much people's uploads may hold before they are filed as documents (docs/security.md): one
// person cannot fill the disk with files they never save. An upload counts from its creation, at
// the length it announced, until a document takes it, it is cancelled or refused, or it expires.
struct UploadLimits {
  static constexpr std::uint64_t kGiB = 1024ULL * 1024 * 1024;
  // Uploads of one person not yet filed.
  int maxUnfinishedPerUser = 50;
  // Their announced bytes together.
  std::uint64_t maxUnfinishedSizePerUser = 10 * kGiB;
  // Everyone's together, in this environment.
  std::uint64_t maxUnfinishedSize = 100 * kGiB;
  // Free space left on the disk of data/<env>/uploads/ that no upload may take.
  std::uint64_t diskHeadroom = 1 * kGiB;
};

// How reports' exports run (docs/configuration.md "reports"): one of more rows than
// backgroundFrom runs in the background, with its progress shown and a Cancel, rather than holding
// a request; a person has at most exportsPerPerson of those queued or running; a finished file is
// kept for keepExportsFor. siteAddress: where people open Dossier (https://dossier.example.org),
// for the links that scheduled reports' e-mails carry; without it, schedules send attachments.
// paper: the size of exported PDFs' pages, "A4" or "Letter".
struct ReportSettings {
  std::int64_t backgroundFrom = 20'000;
  int exportsPerPerson = 3;
  std::chrono::seconds keepExportsFor{std::chrono::hours(24)};
  std::string siteAddress;
  std::string paper = "A4";
};

// Where the environment's data is kept (docs/configuration.md): an SQLite file in
// data/<env>/dossier.db unless a PostgreSQL database is named, in environment.yaml or in the
// variable DOSSIER_<ENV>_DATABASE_URL, which wins.
struct DatabaseSettings {
  std::string url;                     // postgresql://…; empty for SQLite
  std::string urlSource;               // where the URL came from, for messages
  std::filesystem::path passwordFile;  // read when the database is opened; empty for none
  int statementTimeoutSeconds = 60;
};

// The variable that overrides an environment's database URL: DOSSIER_<KEY>_DATABASE_URL with the
// key upper-cased and its hyphens as underscores (DOSSIER_DEMO_DATABASE_URL).
std::string databaseUrlVariable(const std::string& environmentKey);

struct EnvironmentConfig {
  std::string key;               // the folder name and first URL segment
  std::filesystem::path folder;  // where its configuration lives
  std::string displayName;
  SignInSettings signIn;
  SessionPolicy sessions;
  PasswordPolicy passwordPolicy;
  int requestTimeoutSeconds = 30;
  int downloadTimeoutSeconds = 300;
  int smallScreenSize = 474;
  int mediumScreenSize = 800;
  // How dates are shown and typed (spec 2 §9 "configured date format"): D, DD, M, MM, MMM, YYYY.
  std::string dateFormat = "DD/MM/YYYY";
  std::string helpFile;
  std::string mapsKey;
  bool verboseMessages = false;
  std::string reportServerApiEndpoint;
  std::vector<MenuItem> menu;
  Branding branding;
  // Search: the language words are stemmed in, and how many results make a page.
  std::string searchLanguage = "english";
  int searchPageSize = 20;
  MailRelay mail;
  UploadLimits uploads;
  ReportSettings reports;
  DatabaseSettings database;
  // Case and person types, their forms and access groups (types/, groups.yaml).
  std::shared_ptr<const types::Catalog> catalog;
};

}  // namespace dossier::config
