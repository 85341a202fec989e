#include "config/config_loader.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>

#include "core/yaml_reader.hpp"
#include "types/entity_type.hpp"
#include "types/type_loader.hpp"

namespace dossier::config {

namespace {

using std::chrono::hours;
using std::chrono::minutes;
using std::chrono::seconds;

constexpr std::size_t kMaxImageBytes = 4 * 1024 * 1024;

bool isKnownMethod(const std::string& method) {
  return method == kOwnCredentials || method == kWindows || method == kAzure;
}

void readThrottle(YamlReader& reader, ThrottlePolicy& policy) {
  if (reader.has("accountLockAfter")) {
    reader.error("accountLockAfter",
                 "accounts are no longer locked after failed sign-ins; use accountAlertAfter "
                 "(see docs/security.md)");
  }
  reader.allowOnly({"accountFreeAttempts", "accountAlertAfter", "addressFreeAttempts",
                    "addressLockAfter", "lockDuration", "window", "knownAddressFor", "alertGroup"});
  policy.accountFreeAttempts =
      reader.integer("accountFreeAttempts", policy.accountFreeAttempts, 1, 100);
  policy.accountAlertAfter = reader.integer("accountAlertAfter", policy.accountAlertAfter, 2, 1000);
  policy.addressFreeAttempts =
      reader.integer("addressFreeAttempts", policy.addressFreeAttempts, 1, 10000);
  policy.addressLockAfter = reader.integer("addressLockAfter", policy.addressLockAfter, 2, 100000);
  policy.lockDuration = reader.duration("lockDuration", policy.lockDuration, seconds(1), hours(24));
  policy.window = reader.duration("window", policy.window, seconds(1), hours(24 * 7));
  policy.knownAddressFor =
      reader.duration("knownAddressFor", policy.knownAddressFor, hours(1), hours(24 * 365));
  policy.alertGroup = reader.string("alertGroup", policy.alertGroup);
  if (policy.accountAlertAfter <= policy.accountFreeAttempts) {
    reader.error("accountAlertAfter", "must be greater than accountFreeAttempts");
  }
  if (policy.addressLockAfter <= policy.addressFreeAttempts) {
    reader.error("addressLockAfter", "must be greater than addressFreeAttempts");
  }
}

// `off`, `optional` or `required`, or `{required: [groups]}`.
void readTwoFactor(YamlReader& reader, TwoFactorPolicy& policy) {
  using Mode = TwoFactorPolicy::Mode;
  const auto written = reader.json("twoFactor");
  if (written.is_object()) {
    if (auto groups = reader.mapping("twoFactor")) {
      groups->allowOnly({"required"});
      policy.mode = Mode::Optional;
      policy.requiredGroups = groups->stringList("required");
      if (policy.requiredGroups.empty()) {
        groups->error("required", "name the groups of groups.yaml whose members must use it");
      }
    }
    return;
  }
  // YAML 1.1 reads a bare off as false: both mean off.
  const auto mode = written.is_bool() ? std::string(written.as_bool() ? "required" : "off")
                                      : reader.string("twoFactor", "off");
  if (mode == "off") {
    policy.mode = Mode::Off;
  } else if (mode == "optional") {
    policy.mode = Mode::Optional;
  } else if (mode == "required") {
    policy.mode = Mode::Required;
  } else {
    reader.error("twoFactor", "'" + mode +
                                  "' is not a two-factor setting: write off, optional, required, "
                                  "or {required: [groups]}");
  }
}

// `off` or `always`, or `{afterFailures: N}`; either mapping may set maxNumber, and `{always:
// true}` is always.
void readBotCheck(YamlReader& reader, BotCheckPolicy& policy) {
  using Mode = BotCheckPolicy::Mode;
  const auto written = reader.json("botCheck");
  if (written.is_object()) {
    if (auto check = reader.mapping("botCheck")) {
      check->allowOnly({"always", "afterFailures", "maxNumber"});
      const bool always = check->boolean("always", false);
      if (always && check->has("afterFailures")) {
        check->error("afterFailures", "write either always: true or afterFailures, not both");
      }
      policy.mode = always ? Mode::Always : Mode::AfterFailures;
      policy.afterFailures = check->integer("afterFailures", policy.afterFailures, 1, 1000);
      policy.maxNumber = check->integer("maxNumber", policy.maxNumber, 1000, 10000000);
    }
    return;
  }
  const auto mode = written.is_bool() ? std::string(written.as_bool() ? "always" : "off")
                                      : reader.string("botCheck", "off");
  if (mode == "off") {
    policy.mode = Mode::Off;
  } else if (mode == "always") {
    policy.mode = Mode::Always;
  } else {
    reader.error("botCheck", "'" + mode +
                                 "' is not a bot check setting: write off, always, or "
                                 "{afterFailures: N}");
  }
}

void readWindows(YamlReader& reader, const std::filesystem::path& folder, WindowsSignIn& windows) {
  reader.allowOnly({"keytab", "servicePrincipal", "realms", "stripRealm", "lowercase"});
  if (const auto keytab = reader.requiredString("keytab"); !keytab.empty()) {
    // Relative to the environment's folder, as the other files it names.
    windows.keytab = std::filesystem::path(keytab).is_absolute() ? std::filesystem::path(keytab)
                                                                 : folder / keytab;
    std::error_code error;
    if (!std::filesystem::is_regular_file(windows.keytab, error)) {
      reader.error("keytab", "there is no keytab file at " + windows.keytab.string());
    }
  }
  windows.servicePrincipal = reader.string("servicePrincipal", "");
  windows.realms = reader.stringList("realms");
  if (windows.realms.empty()) {
    reader.error("realms", "name the Kerberos realms whose users may sign in, e.g. [EXAMPLE.ORG]");
  }
  windows.stripRealm = reader.boolean("stripRealm", windows.stripRealm);
  windows.lowercase = reader.boolean("lowercase", windows.lowercase);
}

std::string readSecretFile(YamlReader& reader, std::string_view key,
                           const std::filesystem::path& folder) {
  const auto written = reader.requiredString(key);
  if (written.empty()) {
    return {};
  }
  const auto file = std::filesystem::path(written).is_absolute() ? std::filesystem::path(written)
                                                                 : folder / written;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    reader.error(key, "cannot read " + file.string());
    return {};
  }
  std::string secret{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  while (!secret.empty() && std::isspace(static_cast<unsigned char>(secret.back()))) {
    secret.pop_back();
  }
  if (secret.empty()) {
    reader.error(key, file.string() + " is empty");
  }
  return secret;
}

bool isAbsoluteWebAddress(std::string_view address, bool httpsOnly) {
  const bool https = address.starts_with("https://");
  return (https || (!httpsOnly && address.starts_with("http://"))) &&
         address.find_first_of(" \t\r\n") == std::string_view::npos &&
         address.size() > (https ? 8U : 7U);
}

AzureRegistration readAzureRegistration(YamlReader& item, const std::filesystem::path& folder) {
  item.allowOnly({"id", "name", "issuer", "clientId", "clientSecretFile", "redirectUri", "caFile",
                  "scopes", "clientAuthentication", "usernameClaim", "stripDomain", "lowercase",
                  "createUsers", "groupsClaim", "groups"});
  AzureRegistration registration;
  registration.id = item.requiredString("id");
  registration.name = item.requiredString("name");
  const bool idFits =
      !registration.id.empty() && registration.id.size() <= 64 &&
      std::all_of(registration.id.begin(), registration.id.end(), [](unsigned char c) {
        return std::islower(c) || std::isdigit(c) || c == '-' || c == '_';
      });
  if (!registration.id.empty() && (!idFits || registration.id == "complete")) {
    item.error("id",
               "'" + registration.id +
                   "' cannot be a registration id: 1 to 64 lower-case letters, digits, - and _ "
                   "(and not 'complete', a path of its own)");
  }
  registration.issuer = item.requiredString("issuer");
  while (registration.issuer.ends_with('/')) {
    registration.issuer.pop_back();
  }
  if (!registration.issuer.empty() && !isAbsoluteWebAddress(registration.issuer, true)) {
    item.error("issuer",
               "the issuer must be an https:// address, e.g. "
               "https://login.microsoftonline.com/<tenant>/v2.0");
  }
  registration.clientId = item.requiredString("clientId");
  registration.clientSecret = readSecretFile(item, "clientSecretFile", folder);
  registration.redirectUri = item.requiredString("redirectUri");
  const auto callbackPath = "/authentication/azure/" + registration.id + "/callback";
  if (!registration.redirectUri.empty() &&
      (!isAbsoluteWebAddress(registration.redirectUri, false) ||
       !registration.redirectUri.ends_with(callbackPath) ||
       registration.redirectUri.find("/api/") == std::string::npos)) {
    item.error("redirectUri",
               "the redirect URI must be this server's absolute address ending in "
               "/api/<environment>" +
                   callbackPath + ", as registered at the directory");
  }
  if (const auto ca = item.string("caFile"); !ca.empty()) {
    registration.caFile =
        std::filesystem::path(ca).is_absolute() ? std::filesystem::path(ca) : folder / ca;
    std::error_code error;
    if (!std::filesystem::is_regular_file(registration.caFile, error)) {
      item.error("caFile", "there is no file at " + registration.caFile.string());
    }
  }
  if (item.has("scopes")) {
    registration.scopes = item.stringList("scopes");
    if (std::find(registration.scopes.begin(), registration.scopes.end(), "openid") ==
        registration.scopes.end()) {
      item.error("scopes", "the scopes must include openid");
    }
  }
  const auto authentication = item.string("clientAuthentication", "basic");
  if (authentication == "post") {
    registration.clientAuthentication = AzureRegistration::ClientAuthentication::Post;
  } else if (authentication != "basic") {
    item.error("clientAuthentication",
               "'" + authentication + "' is not a client authentication: write basic or post");
  }
  registration.usernameClaim = item.string("usernameClaim", registration.usernameClaim);
  registration.stripDomain = item.boolean("stripDomain", registration.stripDomain);
  registration.lowercase = item.boolean("lowercase", registration.lowercase);
  registration.createUsers = item.boolean("createUsers", registration.createUsers);
  registration.groupsClaim = item.string("groupsClaim", registration.groupsClaim);
  if (const auto groups = item.json("groups"); !groups.is_null()) {
    const auto wrong = [&] {
      item.error("groups",
                 "write a mapping from a value of the groups claim to a group of groups.yaml (or "
                 "a list of them), e.g. {\"1f3c…\": caseworkers}");
    };
    if (!groups.is_object()) {
      wrong();
    } else {
      for (const auto& [value, named] : groups.as_object()) {
        auto& into = registration.groups[std::string(value)];
        if (named.is_string()) {
          into.emplace_back(named.as_string());
        } else if (named.is_array()) {
          for (const auto& each : named.as_array()) {
            if (each.is_string()) {
              into.emplace_back(each.as_string());
            } else {
              wrong();
            }
          }
        } else {
          wrong();
        }
      }
    }
  }
  return registration;
}

void readSignIn(YamlReader& reader, const std::filesystem::path& folder, SignInSettings& signIn) {
  reader.allowOnly(
      {"methods", "default", "azureRegistrations", "throttle", "twoFactor", "botCheck", "windows"});
  readTwoFactor(reader, signIn.twoFactor);
  readBotCheck(reader, signIn.botCheck);
  if (reader.has("methods")) {
    signIn.methods = reader.stringList("methods");
  }
  std::set<std::string> seen;
  for (const auto& method : signIn.methods) {
    if (!isKnownMethod(method)) {
      reader.error("methods", "'" + method +
                                  "' is not a sign-in method (known: dossier, windows, "
                                  "azure)");
    } else if (!seen.insert(method).second) {
      reader.error("methods", "'" + method + "' is listed twice");
    }
  }
  signIn.defaultMethod =
      reader.string("default", signIn.methods.empty() ? "" : signIn.methods.front());
  if (!signIn.methods.empty() && std::find(signIn.methods.begin(), signIn.methods.end(),
                                           signIn.defaultMethod) == signIn.methods.end()) {
    reader.error("default", "'" + signIn.defaultMethod + "' must be one of the methods enabled");
  }
  const bool windowsOn =
      std::find(signIn.methods.begin(), signIn.methods.end(), kWindows) != signIn.methods.end();
  if (auto windows = reader.mapping("windows")) {
    readWindows(*windows, folder, signIn.windows);
  } else if (windowsOn) {
    reader.error("windows", "the windows method needs a windows section: keytab and realms");
  }
  std::set<std::string> registrationIds;
  reader.list("azureRegistrations", [&](YamlReader& item, std::size_t) {
    auto registration = readAzureRegistration(item, folder);
    if (!registration.id.empty() && !registrationIds.insert(registration.id).second) {
      item.error("id", "'" + registration.id + "' is the id of another registration");
    }
    signIn.azureRegistrations.push_back(std::move(registration));
  });
  const bool azureOn =
      std::find(signIn.methods.begin(), signIn.methods.end(), kAzure) != signIn.methods.end();
  if (azureOn && signIn.azureRegistrations.empty()) {
    reader.error("azureRegistrations",
                 "the azure method needs at least one registration: id, name, issuer, clientId, "
                 "clientSecretFile and redirectUri");
  }
  if (auto throttle = reader.mapping("throttle")) {
    readThrottle(*throttle, signIn.throttle);
  }
}

void readSessions(YamlReader& reader, SessionPolicy& sessions) {
  reader.allowOnly({"idleTimeout", "absoluteTimeout", "auditRetention"});
  sessions.auditRetention =
      reader.duration("auditRetention", sessions.auditRetention, hours(24), hours(24 * 365 * 10));
  sessions.idleTimeout =
      reader.duration("idleTimeout", sessions.idleTimeout, seconds(1), hours(24));
  sessions.absoluteTimeout =
      reader.duration("absoluteTimeout", sessions.absoluteTimeout, seconds(1), hours(24 * 30));
  if (sessions.absoluteTimeout < sessions.idleTimeout) {
    reader.error("absoluteTimeout", "must not be shorter than idleTimeout");
  }
}

void readPasswordPolicy(YamlReader& reader, PasswordPolicy& policy) {
  reader.allowOnly({"minimumLength", "requireUppercase", "requireLowercase", "requireDigit",
                    "requireSymbol", "mustNotContainUsername"});
  // The change-password screen accepts at most 50 characters (spec 1 §5).
  policy.minimumLength = reader.integer("minimumLength", policy.minimumLength, 1, 50);
  policy.requireUppercase = reader.boolean("requireUppercase", policy.requireUppercase);
  policy.requireLowercase = reader.boolean("requireLowercase", policy.requireLowercase);
  policy.requireDigit = reader.boolean("requireDigit", policy.requireDigit);
  policy.requireSymbol = reader.boolean("requireSymbol", policy.requireSymbol);
  policy.mustNotContainUsername =
      reader.boolean("mustNotContainUsername", policy.mustNotContainUsername);
}

void readUploads(YamlReader& reader, UploadLimits& limits) {
  constexpr std::uint64_t kMost = 1024 * 1024 * UploadLimits::kGiB;  // 1024 TiB
  reader.allowOnly(
      {"maxUnfinishedPerUser", "maxUnfinishedSizePerUser", "maxUnfinishedSize", "diskHeadroom"});
  limits.maxUnfinishedPerUser =
      reader.integer("maxUnfinishedPerUser", limits.maxUnfinishedPerUser, 1, 100000);
  limits.maxUnfinishedSizePerUser =
      reader.byteSize("maxUnfinishedSizePerUser", limits.maxUnfinishedSizePerUser, 1, kMost);
  limits.maxUnfinishedSize =
      reader.byteSize("maxUnfinishedSize", limits.maxUnfinishedSize, 1, kMost);
  limits.diskHeadroom = reader.byteSize("diskHeadroom", limits.diskHeadroom, 0, kMost);
  if (limits.maxUnfinishedSize < limits.maxUnfinishedSizePerUser) {
    reader.error("maxUnfinishedSize",
                 "must not be smaller than maxUnfinishedSizePerUser (one person's share)");
  }
}

void readReports(YamlReader& reader, ReportSettings& reports) {
  reader.allowOnly(
      {"backgroundFrom", "exportsPerPerson", "keepExportsFor", "siteAddress", "paper"});
  reports.backgroundFrom =
      reader.integer("backgroundFrom", static_cast<int>(reports.backgroundFrom), 0, 100'000'000);
  reports.exportsPerPerson = reader.integer("exportsPerPerson", reports.exportsPerPerson, 1, 100);
  reports.keepExportsFor =
      reader.duration("keepExportsFor", reports.keepExportsFor, minutes(10), hours(24 * 30));
  reports.siteAddress = reader.string("siteAddress");
  if (!reports.siteAddress.empty() && !reports.siteAddress.starts_with("https://") &&
      !reports.siteAddress.starts_with("http://")) {
    reader.error("siteAddress",
                 "must be the http(s) address people open Dossier at, such as "
                 "https://dossier.example.org");
  }
  while (reports.siteAddress.ends_with('/')) {
    reports.siteAddress.pop_back();
  }
  reports.paper = reader.string("paper", reports.paper);
  if (reports.paper != "A4" && reports.paper != "Letter") {
    reader.error("paper",
                 "'" + reports.paper + "' is not a paper size exports are made on (A4 or Letter)");
  }
}

void readTimeouts(YamlReader& reader, EnvironmentConfig& config) {
  reader.allowOnly({"request", "download"});
  config.requestTimeoutSeconds = static_cast<int>(
      reader.duration("request", seconds(config.requestTimeoutSeconds), seconds(1), minutes(30))
          .count());
  config.downloadTimeoutSeconds = static_cast<int>(
      reader.duration("download", seconds(config.downloadTimeoutSeconds), seconds(1), hours(6))
          .count());
}

void readScreens(YamlReader& reader, EnvironmentConfig& config) {
  reader.allowOnly({"smallScreenSize", "mediumScreenSize"});
  config.smallScreenSize = reader.integer("smallScreenSize", config.smallScreenSize, 200, 4000);
  config.mediumScreenSize = reader.integer("mediumScreenSize", config.mediumScreenSize, 200, 8000);
  if (config.mediumScreenSize <= config.smallScreenSize) {
    reader.error("mediumScreenSize", "must be greater than smallScreenSize");
  }
}

// The languages the search engine stems words in.
constexpr const char* kSearchLanguages[] = {
    "none",    "arabic",     "armenian", "basque",    "catalan",    "danish",     "dutch",
    "english", "finnish",    "french",   "german",    "hungarian",  "indonesian", "irish",
    "italian", "lithuanian", "nepali",   "norwegian", "portuguese", "romanian",   "russian",
    "spanish", "swedish",    "tamil",    "turkish"};

void readSearch(YamlReader& reader, EnvironmentConfig& config) {
  reader.allowOnly({"language", "pageSize"});
  const auto language = reader.string("language", config.searchLanguage);
  if (std::find(std::begin(kSearchLanguages), std::end(kSearchLanguages), language) ==
      std::end(kSearchLanguages)) {
    std::string known;
    for (const auto* name : kSearchLanguages) {
      known += (known.empty() ? "" : ", ") + std::string(name);
    }
    reader.error("language", "'" + language + "' is not a language search knows (" + known + ")");
  } else {
    config.searchLanguage = language;
  }
  config.searchPageSize = reader.integer("pageSize", config.searchPageSize, 5, 100);
}

// A date pattern of D, DD, M, MM, MMM and YYYY with separators between them, such as DD/MM/YYYY:
// what the web app can show and what a person can type back.
std::string dateFormatProblem(const std::string& format) {
  if (format.empty() || format.size() > 20) {
    return "must be 1 to 20 characters, such as DD/MM/YYYY";
  }
  bool day = false;
  bool month = false;
  bool year = false;
  for (std::size_t i = 0; i < format.size();) {
    const char c = format[i];
    std::size_t run = 1;
    while (i + run < format.size() && format[i + run] == c) {
      ++run;
    }
    if (c == 'D' && run <= 2) {
      day = true;
    } else if (c == 'M' && run <= 3) {
      month = true;
    } else if (c == 'Y' && run == 4) {
      year = true;
    } else if (std::isalnum(static_cast<unsigned char>(c))) {
      return "'" + format.substr(i, run) +
             "' is not part of a date pattern (use D or DD, M, MM or MMM, YYYY and separators)";
    }
    i += run;
  }
  if (!day || !month || !year) {
    return "must hold a day (D or DD), a month (M, MM or MMM) and a year (YYYY)";
  }
  return "";
}

bool isSafeLink(const std::string& link) {
  return link.empty() || link.starts_with("/") || link.starts_with("https://") ||
         link.starts_with("http://");
}

constexpr const char* kPostgresqlUrlHint =
    "a PostgreSQL connection URL such as postgresql://dossier@db.example.org/dossier_demo "
    "(leave the database section out for the SQLite file in the data folder)";

void readDatabase(YamlReader& reader, EnvironmentConfig& config) {
  reader.allowOnly({"url", "passwordFile", "statementTimeoutSeconds"});
  auto& database = config.database;
  database.url = reader.requiredString("url");
  database.urlSource = "environment.yaml";
  if (!database.url.empty() && !isPostgresqlUrl(database.url)) {
    reader.error("url", std::string("must be ") + kPostgresqlUrlHint);
  }
  if (const auto file = reader.string("passwordFile"); !file.empty()) {
    // Relative to the environment's folder, as the other files it names.
    database.passwordFile = std::filesystem::path(file).is_absolute() ? std::filesystem::path(file)
                                                                      : config.folder / file;
  }
  database.statementTimeoutSeconds =
      reader.integer("statementTimeoutSeconds", database.statementTimeoutSeconds, 1, 86400);
}

// A container deployment names its database in the environment, not in a file.
void readDatabaseVariable(EnvironmentConfig& config, ConfigErrors& errors) {
  const auto variable = databaseUrlVariable(config.key);
  const char* value = std::getenv(variable.c_str());
  if (value == nullptr || *value == '\0') {
    return;
  }
  if (!isPostgresqlUrl(value)) {
    errors.add({variable, "", 0, std::string("the variable must hold ") + kPostgresqlUrlHint});
    return;
  }
  config.database.url = value;
  config.database.urlSource = "the variable " + variable;
}

void readEnvironmentFile(const std::filesystem::path& file, const std::string& display,
                         EnvironmentConfig& config, ConfigErrors& errors) {
  auto root = YamlReader::loadFile(file, display, errors);
  if (!root) {
    return;
  }
  root->allowOnly({"displayName", "signIn", "sessions", "passwordPolicy", "timeouts", "screens",
                   "helpFile", "mapsKey", "verboseMessages", "reportServerApiEndpoint", "branding",
                   "search", "dateFormat", "mail", "uploads", "reports", "database"});
  config.displayName = root->requiredString("displayName");
  if (auto signIn = root->mapping("signIn")) {
    readSignIn(*signIn, config.folder, config.signIn);
  }
  if (auto sessions = root->mapping("sessions")) {
    readSessions(*sessions, config.sessions);
  }
  if (auto policy = root->mapping("passwordPolicy")) {
    readPasswordPolicy(*policy, config.passwordPolicy);
  }
  if (auto timeouts = root->mapping("timeouts")) {
    readTimeouts(*timeouts, config);
  }
  if (auto screens = root->mapping("screens")) {
    readScreens(*screens, config);
  }
  config.helpFile = root->string("helpFile");
  if (!isSafeLink(config.helpFile)) {
    root->error("helpFile", "must be an http(s) address or a path starting with /");
  }
  config.mapsKey = root->string("mapsKey");
  config.verboseMessages = root->boolean("verboseMessages", false);
  config.reportServerApiEndpoint = root->string("reportServerApiEndpoint");
  if (!isSafeLink(config.reportServerApiEndpoint)) {
    root->error("reportServerApiEndpoint", "must be an http(s) address or a path starting with /");
  }
  if (auto search = root->mapping("search")) {
    readSearch(*search, config);
  }
  if (auto uploads = root->mapping("uploads")) {
    readUploads(*uploads, config.uploads);
  }
  if (auto reports = root->mapping("reports")) {
    readReports(*reports, config.reports);
  }
  if (auto database = root->mapping("database")) {
    readDatabase(*database, config);
  }
  if (auto mail = root->mapping("mail")) {
    mail->allowOnly({"transport", "relay", "from"});
    config.mail.configured = true;
    const auto transport = mail->string("transport", "smtp");
    if (transport == "pickup") {
      config.mail.transport = mail::TransportKind::Pickup;
      if (mail->has("relay")) {
        mail->error("relay",
                    "the pickup transport writes each message into the data folder's "
                    "mail-pickup/ and sends through no relay: remove relay, or choose "
                    "transport: smtp");
      }
    } else if (transport == "smtp") {
      config.mail.url = mail->requiredString("relay");
    } else {
      mail->error("transport",
                  "'" + transport + "' is not a transport: smtp (through relay) or pickup");
    }
    config.mail.from = mail->requiredString("from");
    if (!config.mail.url.empty() && !config.mail.url.starts_with("smtp://") &&
        !config.mail.url.starts_with("smtps://")) {
      mail->error("relay", "the relay is smtp://host:port or smtps://host:port");
    }
    if (!config.mail.from.empty() &&
        (config.mail.from.find('@') == std::string::npos ||
         config.mail.from.find_first_of("\r\n<> ") != std::string::npos)) {
      mail->error("from", "an e-mail address such as complaints@example.org");
    }
  }
  config.dateFormat = root->string("dateFormat", config.dateFormat);
  if (const auto problem = dateFormatProblem(config.dateFormat); !problem.empty()) {
    root->error("dateFormat", problem);
  }
  if (auto branding = root->mapping("branding")) {
    branding->allowOnly({"logoDescription", "backgroundImageDescription"});
    config.branding.logoDescription = branding->string("logoDescription");
    config.branding.backgroundImageDescription = branding->string("backgroundImageDescription");
  }
}

void readMenuFile(const std::filesystem::path& file, const std::string& display,
                  EnvironmentConfig& config, ConfigErrors& errors) {
  auto root = YamlReader::loadFile(file, display, errors);
  if (!root) {
    return;
  }
  root->allowOnly({"items"});
  std::set<std::string> ids;
  root->list("items", [&](YamlReader& item, std::size_t) {
    item.allowOnly({"id", "name", "path", "iconClass", "disabled", "subMenuItems"});
    MenuItem menuItem;
    menuItem.id = item.requiredString("id");
    menuItem.name = item.requiredString("name");
    menuItem.path = item.string("path");
    menuItem.iconClass = item.string("iconClass");
    menuItem.disabled = item.boolean("disabled", false);
    if (!menuItem.id.empty() && !ids.insert(menuItem.id).second) {
      item.error("id", "'" + menuItem.id + "' is used by another menu item");
    }
    item.list("subMenuItems", [&](YamlReader& sub, std::size_t) {
      sub.allowOnly({"name", "path"});
      menuItem.subMenuItems.push_back({sub.requiredString("name"), sub.requiredString("path")});
    });
    if (menuItem.path.empty() && menuItem.subMenuItems.empty()) {
      item.error("path", "is required for an item without subMenuItems");
    }
    config.menu.push_back(std::move(menuItem));
  });
}

std::string readImage(const std::filesystem::path& file, const std::string& display,
                      ConfigErrors& errors) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) {
    return {};
  }
  const auto size = std::filesystem::file_size(file, ec);
  if (ec || size > kMaxImageBytes) {
    errors.add({display, "", 0, "must be a PNG image of at most 4 MiB"});
    return {};
  }
  std::ifstream in(file, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  static constexpr std::string_view kPngSignature("\x89PNG\r\n\x1a\n", 8);
  if (!bytes.starts_with(kPngSignature)) {
    errors.add({display, "", 0, "is not a PNG image"});
    return {};
  }
  return bytes;
}

bool isGroupOf(const types::Catalog& catalog, const std::string& name) {
  return std::any_of(catalog.groups.begin(), catalog.groups.end(),
                     [&](const types::Group& each) { return each.name == name; });
}

// The groups two-factor sign-in is required for must be groups.yaml's.
void checkTwoFactorGroups(const EnvironmentConfig& config, const std::string& file,
                          ConfigErrors& errors) {
  for (const auto& name : config.signIn.twoFactor.requiredGroups) {
    if (!isGroupOf(*config.catalog, name)) {
      errors.add(
          {file, "signIn.twoFactor.required", 0, "'" + name + "' is not a group of groups.yaml"});
    }
  }
}

// The alert group must be one of groups.yaml's, except the default, which an environment without
// an administrators group simply goes without.
void checkAlertGroup(EnvironmentConfig& config, const std::string& file, ConfigErrors& errors) {
  auto& group = config.signIn.throttle.alertGroup;
  if (group.empty()) {
    return;
  }
  if (isGroupOf(*config.catalog, group)) {
    return;
  }
  if (group == kDefaultAlertGroup) {
    group.clear();
    return;
  }
  errors.add({file, "signIn.throttle.alertGroup", 0,
              "'" + group +
                  "' is not a group of groups.yaml: name the group whose members are told when an "
                  "account is under attack, or write \"\" to tell nobody"});
}

// The groups a cloud directory's group claims map to must be groups.yaml's.
void checkDirectoryGroups(const EnvironmentConfig& config, const std::string& file,
                          ConfigErrors& errors) {
  for (const auto& registration : config.signIn.azureRegistrations) {
    for (const auto& [value, names] : registration.groups) {
      for (const auto& name : names) {
        if (!isGroupOf(*config.catalog, name)) {
          errors.add({file, "signIn.azureRegistrations." + registration.id + ".groups", 0,
                      "'" + name + "' (for '" + value + "') is not a group of groups.yaml"});
        }
      }
    }
  }
}

}  // namespace

bool isValidEnvironmentKey(std::string_view key) {
  if (key.empty() || key.size() > 40) {
    return false;
  }
  if (!((key.front() >= 'a' && key.front() <= 'z') || (key.front() >= '0' && key.front() <= '9'))) {
    return false;
  }
  return std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

std::string databaseUrlVariable(const std::string& environmentKey) {
  std::string name = "DOSSIER_";
  for (const char c : environmentKey) {
    name += std::isalnum(static_cast<unsigned char>(c)) != 0
                ? static_cast<char>(std::toupper(static_cast<unsigned char>(c)))
                : '_';
  }
  return name + "_DATABASE_URL";
}

EnvironmentConfig loadEnvironmentConfig(const std::filesystem::path& folder, ConfigErrors& errors) {
  EnvironmentConfig config;
  config.key = folder.filename().string();
  config.folder = folder;
  const auto display = [&](const std::string& name) { return (folder / name).string(); };
  if (!isValidEnvironmentKey(config.key)) {
    errors.add({folder.string(), "", 0,
                "the folder name is the environment key and must be 1 to 40 lower-case letters, "
                "digits or hyphens, starting with a letter or digit"});
  }
  readEnvironmentFile(folder / "environment.yaml", display("environment.yaml"), config, errors);
  readDatabaseVariable(config, errors);
  if (std::filesystem::exists(folder / "menu.yaml")) {
    readMenuFile(folder / "menu.yaml", display("menu.yaml"), config, errors);
  }
  config.branding.logoPng =
      readImage(folder / "branding" / "logo.png", display("branding/logo.png"), errors);
  config.branding.backgroundPng =
      readImage(folder / "branding" / "background.png", display("branding/background.png"), errors);
  config.catalog = std::make_shared<const types::Catalog>(types::loadCatalog(folder, errors));
  checkAlertGroup(config, display("environment.yaml"), errors);
  checkTwoFactorGroups(config, display("environment.yaml"), errors);
  checkDirectoryGroups(config, display("environment.yaml"), errors);
  return config;
}

std::vector<EnvironmentConfig> loadEnvironmentConfigs(const std::filesystem::path& root,
                                                      ConfigErrors& errors) {
  std::vector<EnvironmentConfig> configs;
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) {
    errors.add({root.string(), "", 0, "the environments folder does not exist"});
    return configs;
  }
  std::vector<std::filesystem::path> folders;
  for (const auto& entry : std::filesystem::directory_iterator(root)) {
    if (entry.is_directory() && std::filesystem::exists(entry.path() / "environment.yaml")) {
      folders.push_back(entry.path());
    }
  }
  std::sort(folders.begin(), folders.end());
  for (const auto& folder : folders) {
    configs.push_back(loadEnvironmentConfig(folder, errors));
  }
  if (folders.empty()) {
    errors.add({root.string(), "", 0,
                "holds no environment: each environment is a folder with an environment.yaml"});
  }
  return configs;
}

bool isPostgresqlUrl(std::string_view url) {
  return url.starts_with("postgresql://") || url.starts_with("postgres://");
}

}  // namespace dossier::config
