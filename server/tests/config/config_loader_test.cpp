#include "config/config_loader.hpp"

#include <gtest/gtest.h>

#include "support/temp_folder.hpp"

namespace dossier::config {
namespace {

class ConfigLoader : public ::testing::Test {
 protected:
  testing::TempFolder root;

  EnvironmentConfig load(const std::string& yaml, const std::string& key = "acme") {
    root.write(key + "/environment.yaml", yaml);
    return loadEnvironmentConfig(root.path() / key, errors);
  }

  std::string problems() const { return errors.describe(); }

  ConfigErrors errors;
};

TEST_F(ConfigLoader, ReadsEverySetting) {
  const auto config = load(R"(
displayName: Acme Licensing
signIn:
  methods: [dossier]
  default: dossier
  throttle: {accountFreeAttempts: 2, accountAlertAfter: 5, lockDuration: 10m}
sessions: {idleTimeout: 20m, absoluteTimeout: 8h}
passwordPolicy: {minimumLength: 12, requireSymbol: true}
timeouts: {request: 45s, download: 10m}
screens: {smallScreenSize: 500, mediumScreenSize: 900}
helpFile: https://help.example.org/dossier.pdf
mapsKey: abc123
verboseMessages: true
dateFormat: DD MMM YYYY
branding: {logoDescription: Acme}
)");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(config.key, "acme");
  EXPECT_EQ(config.displayName, "Acme Licensing");
  EXPECT_EQ(config.signIn.throttle.accountAlertAfter, 5);
  EXPECT_EQ(config.signIn.throttle.lockDuration, std::chrono::minutes(10));
  EXPECT_EQ(config.sessions.idleTimeout, std::chrono::minutes(20));
  EXPECT_EQ(config.sessions.absoluteTimeout, std::chrono::hours(8));
  EXPECT_EQ(config.passwordPolicy.minimumLength, 12);
  EXPECT_TRUE(config.passwordPolicy.requireSymbol);
  EXPECT_EQ(config.requestTimeoutSeconds, 45);
  EXPECT_EQ(config.downloadTimeoutSeconds, 600);
  EXPECT_EQ(config.smallScreenSize, 500);
  EXPECT_EQ(config.mediumScreenSize, 900);
  EXPECT_EQ(config.helpFile, "https://help.example.org/dossier.pdf");
  EXPECT_EQ(config.mapsKey, "abc123");
  EXPECT_TRUE(config.verboseMessages);
  EXPECT_EQ(config.branding.logoDescription, "Acme");
  EXPECT_EQ(config.dateFormat, "DD MMM YYYY");
}

TEST_F(ConfigLoader, ADateFormatNeedsADayAMonthAndAYearInPatternsTheWebAppKnows) {
  EXPECT_EQ(load("displayName: Acme\n").dateFormat, "DD/MM/YYYY");
  for (const auto* good : {"D.M.YYYY", "MM/DD/YYYY", "YYYY-MM-DD", "DD MMM YYYY"}) {
    errors = {};
    load(std::string("displayName: Acme\ndateFormat: ") + good + "\n");
    EXPECT_TRUE(errors.empty()) << good << ": " << problems();
  }
  for (const auto* bad : {"DD/MM/YY", "dd/mm/yyyy", "MM/YYYY", "DDD/MM/YYYY", "DD/MM/YYYY HH"}) {
    errors = {};
    load(std::string("displayName: Acme\ndateFormat: ") + bad + "\n");
    ASSERT_EQ(errors.issues().size(), 1u) << bad;
    EXPECT_EQ(errors.issues()[0].path, "dateFormat");
  }
}

TEST_F(ConfigLoader, AMinimalFileGetsSensibleDefaults) {
  const auto config = load("displayName: Acme\n");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(config.signIn.methods, std::vector<std::string>{"dossier"});
  EXPECT_EQ(config.sessions.idleTimeout, std::chrono::minutes(30));
  EXPECT_EQ(config.smallScreenSize, 474);
  EXPECT_EQ(config.mediumScreenSize, 800);
}

TEST_F(ConfigLoader, NamesTheFileThePathAndTheLineOfAWrongValue) {
  load("displayName: Acme\nsessions:\n  idleTimeout: soon\n");
  ASSERT_EQ(errors.issues().size(), 1u);
  const auto& issue = errors.issues()[0];
  EXPECT_EQ(issue.file, (root.path() / "acme" / "environment.yaml").string());
  EXPECT_EQ(issue.path, "sessions.idleTimeout");
  EXPECT_EQ(issue.line, 3);
  EXPECT_NE(issue.message.find("must be a duration such as 90s, 30m, 12h or 7d"),
            std::string::npos);
  EXPECT_NE(issue.message.find("\"soon\""), std::string::npos);
}

TEST_F(ConfigLoader, ReportsEveryProblemAtOnce) {
  load("sessions: {idleTimeout: 2h, absoluteTimeout: 1h}\nscreens: {smallScreenSize: big}\n");
  const auto text = problems();
  EXPECT_NE(text.find("displayName: is required"), std::string::npos) << text;
  EXPECT_NE(text.find("sessions.absoluteTimeout: must not be shorter than idleTimeout"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("screens.smallScreenSize: must be a whole number from 200 to 4000"),
            std::string::npos)
      << text;
}

TEST_F(ConfigLoader, UploadLimitsHaveSaneDefaultsAndAreReadInBinaryUnits) {
  const auto defaults = load("displayName: Acme\n").uploads;
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(defaults.maxUnfinishedPerUser, 50);
  EXPECT_EQ(defaults.maxUnfinishedSizePerUser, 10ULL << 30);
  EXPECT_EQ(defaults.maxUnfinishedSize, 100ULL << 30);
  EXPECT_EQ(defaults.diskHeadroom, 1ULL << 30);

  const auto set = load(R"(
displayName: Acme
uploads:
  maxUnfinishedPerUser: 5
  maxUnfinishedSizePerUser: 512KiB
  maxUnfinishedSize: 3 MiB
  diskHeadroom: 0
)")
                       .uploads;
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(set.maxUnfinishedPerUser, 5);
  EXPECT_EQ(set.maxUnfinishedSizePerUser, 512u * 1024);
  EXPECT_EQ(set.maxUnfinishedSize, 3u * 1024 * 1024);
  EXPECT_EQ(set.diskHeadroom, 0u);
}

TEST_F(ConfigLoader, UploadLimitsThatCannotBeMeantAreRefusedAtStart) {
  load(R"(
displayName: Acme
uploads:
  maxUnfinishedPerUser: 0
  maxUnfinishedSizePerUser: 10GB
  maxUnfinishedSize: lots
  diskHeadroom: 2048TiB
)");
  const auto text = problems();
  EXPECT_NE(text.find("uploads.maxUnfinishedPerUser: must be a whole number from 1 to 100000"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("uploads.maxUnfinishedSizePerUser: must be a size such as 512MiB, 10GiB or "
                      "1TiB (or a number of bytes), from 1 byte to 1024 TiB, not \"10GB\""),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("uploads.maxUnfinishedSize: must be a size"), std::string::npos) << text;
  EXPECT_NE(text.find("uploads.diskHeadroom: must be a size"), std::string::npos) << text;

  errors = {};
  load("displayName: Acme\nuploads: {maxUnfinishedSizePerUser: 2GiB, maxUnfinishedSize: 1GiB}\n");
  EXPECT_NE(problems().find("uploads.maxUnfinishedSize: must not be smaller than "
                            "maxUnfinishedSizePerUser"),
            std::string::npos)
      << problems();
}

TEST_F(ConfigLoader, ASettingGivenTwiceIsNamedRatherThanHalfIgnored) {
  load("displayName: Acme\nreports: {exportsPerPerson: 2}\nreports: {backgroundFrom: 3}\n");
  ASSERT_EQ(errors.issues().size(), 1u) << problems();
  EXPECT_EQ(errors.issues()[0].path, "reports");
  EXPECT_EQ(errors.issues()[0].message, "is given twice: keep one (the second would be ignored)");
}

TEST_F(ConfigLoader, ReadsHowReportsExportAndWhereTheirLinksPoint) {
  const auto config = load(
      "displayName: Acme\nreports: {backgroundFrom: 0, exportsPerPerson: 5, keepExportsFor: "
      "2h, siteAddress: 'https://dossier.example.org/', paper: Letter}\n");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(config.reports.paper, "Letter");
  EXPECT_EQ(config.reports.backgroundFrom, 0);
  EXPECT_EQ(config.reports.exportsPerPerson, 5);
  EXPECT_EQ(config.reports.keepExportsFor, std::chrono::hours(2));
  EXPECT_EQ(config.reports.siteAddress, "https://dossier.example.org");
  errors = {};
  load(
      "displayName: Acme\nreports: {siteAddress: dossier.example.org, keepExportsFor: 1m, paper: "
      "A5}\n");
  EXPECT_NE(problems().find("reports.paper: 'A5' is not a paper size exports are made on (A4 or "
                            "Letter)"),
            std::string::npos)
      << problems();
  EXPECT_NE(problems().find("reports.siteAddress: must be the http(s) address"), std::string::npos)
      << problems();
  EXPECT_NE(problems().find("reports.keepExportsFor:"), std::string::npos) << problems();
}

TEST_F(ConfigLoader, CatchesMisspeltSettings) {
  load("displayName: Acme\nsesions: {idleTimeout: 5m}\n");
  ASSERT_EQ(errors.issues().size(), 1u);
  EXPECT_EQ(errors.issues()[0].path, "sesions");
  EXPECT_NE(errors.issues()[0].message.find("is not a known setting"), std::string::npos);
}

TEST_F(ConfigLoader, SaysWhenTheFileIsNotYaml) {
  load("displayName: [unclosed\n");
  ASSERT_EQ(errors.issues().size(), 1u);
  EXPECT_NE(errors.issues()[0].message.find("not valid YAML"), std::string::npos);
  EXPECT_GT(errors.issues()[0].line, 0);
}

TEST_F(ConfigLoader, TheDefaultSignInMethodMustBeEnabled) {
  load("displayName: Acme\nsignIn: {methods: [dossier], default: windows}\n");
  EXPECT_NE(problems().find("signIn.default: 'windows' must be one of the methods enabled"),
            std::string::npos)
      << problems();
}

TEST_F(ConfigLoader, SaysThatAccountsAreNoLongerLockedWhenAnOldFileAsksForIt) {
  load("displayName: Acme\nsignIn: {throttle: {accountLockAfter: 10}}\n");
  EXPECT_NE(problems().find("signIn.throttle.accountLockAfter: accounts are no longer locked after "
                            "failed sign-ins; use accountAlertAfter"),
            std::string::npos)
      << problems();
}

TEST_F(ConfigLoader, ReadsHowLongAnAddressStaysKnownAndWhoIsToldOfAnAttack) {
  root.write("acme/groups.yaml", "groups:\n  - {name: security, members: [ada]}\n");
  const auto config =
      load("displayName: Acme\nsignIn: {throttle: {knownAddressFor: 7d, alertGroup: security}}\n");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(config.signIn.throttle.knownAddressFor, std::chrono::hours(24 * 7));
  EXPECT_EQ(config.signIn.throttle.alertGroup, "security");
}

TEST_F(ConfigLoader, TellsTheAdministratorsGroupOfAnAttackWhenThereIsOne) {
  root.write("acme/groups.yaml", "groups:\n  - {name: administrators, members: [admin]}\n");
  EXPECT_EQ(load("displayName: Acme\n").signIn.throttle.alertGroup, "administrators");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(load("displayName: Acme\n", "plain").signIn.throttle.alertGroup, "");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(
      load("displayName: Acme\nsignIn: {throttle: {alertGroup: ''}}\n").signIn.throttle.alertGroup,
      "");
  EXPECT_TRUE(errors.empty()) << problems();
}

TEST_F(ConfigLoader, RefusesAnAlertGroupThatIsNotAGroup) {
  load("displayName: Acme\nsignIn: {throttle: {alertGroup: securty}}\n");
  EXPECT_NE(problems().find("signIn.throttle.alertGroup: 'securty' is not a group of groups.yaml"),
            std::string::npos)
      << problems();
}

TEST_F(ConfigLoader, RefusesAKnownAddressTimeOutsideItsRange) {
  load("displayName: Acme\nsignIn: {throttle: {knownAddressFor: 5m}}\n");
  EXPECT_NE(problems().find("signIn.throttle.knownAddressFor"), std::string::npos) << problems();
}

TEST_F(ConfigLoader, ReadsTwoFactorOffOptionalRequiredOrRequiredOfGroups) {
  using Mode = config::TwoFactorPolicy::Mode;
  EXPECT_EQ(load("displayName: Acme\n").signIn.twoFactor.mode, Mode::Off);
  EXPECT_EQ(load("displayName: Acme\nsignIn: {twoFactor: off}\n").signIn.twoFactor.mode, Mode::Off);
  EXPECT_EQ(load("displayName: Acme\nsignIn: {twoFactor: optional}\n").signIn.twoFactor.mode,
            Mode::Optional);
  EXPECT_EQ(load("displayName: Acme\nsignIn: {twoFactor: required}\n").signIn.twoFactor.mode,
            Mode::Required);
  ASSERT_TRUE(errors.empty()) << problems();
  root.write("acme/groups.yaml", "groups:\n  - {name: managers, members: [ada]}\n");
  const auto groups = load("displayName: Acme\nsignIn: {twoFactor: {required: [managers]}}\n");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(groups.signIn.twoFactor.mode, Mode::Optional);
  EXPECT_EQ(groups.signIn.twoFactor.requiredGroups, std::vector<std::string>{"managers"});
}

TEST_F(ConfigLoader, RefusesATwoFactorSettingItDoesNotKnowAndGroupsThatAreNotGroups) {
  load("displayName: Acme\nsignIn: {twoFactor: sometimes}\n");
  EXPECT_NE(problems().find("'sometimes' is not a two-factor setting"), std::string::npos)
      << problems();
  errors = {};
  load("displayName: Acme\nsignIn: {twoFactor: {required: [managrs]}}\n");
  EXPECT_NE(problems().find("signIn.twoFactor.required: 'managrs' is not a group of groups.yaml"),
            std::string::npos)
      << problems();
}

TEST_F(ConfigLoader, ReadsTheBotCheckOffAlwaysOrAfterFailures) {
  using Mode = config::BotCheckPolicy::Mode;
  EXPECT_EQ(load("displayName: Acme\n").signIn.botCheck.mode, Mode::Off);
  EXPECT_EQ(load("displayName: Acme\nsignIn: {botCheck: off}\n").signIn.botCheck.mode, Mode::Off);
  EXPECT_EQ(load("displayName: Acme\nsignIn: {botCheck: always}\n").signIn.botCheck.mode,
            Mode::Always);
  const auto after =
      load("displayName: Acme\nsignIn: {botCheck: {afterFailures: 5, maxNumber: 20000}}\n");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(after.signIn.botCheck.mode, Mode::AfterFailures);
  EXPECT_EQ(after.signIn.botCheck.afterFailures, 5);
  EXPECT_EQ(after.signIn.botCheck.maxNumber, 20000);
}

TEST_F(ConfigLoader, RefusesABotCheckSettingItDoesNotKnow) {
  load("displayName: Acme\nsignIn: {botCheck: sometimes}\n");
  EXPECT_NE(problems().find("'sometimes' is not a bot check setting"), std::string::npos)
      << problems();
  errors = {};
  load("displayName: Acme\nsignIn: {botCheck: {always: true, afterFailures: 3}}\n");
  EXPECT_NE(problems().find("write either always: true or afterFailures, not both"),
            std::string::npos)
      << problems();
  errors = {};
  load("displayName: Acme\nsignIn: {botCheck: {afterFailures: 3, maxNumber: 5}}\n");
  EXPECT_NE(problems().find("signIn.botCheck.maxNumber"), std::string::npos) << problems();
}

TEST_F(ConfigLoader, ReadsWindowsSignInWithItsKeytabBesideTheFile) {
  root.write("acme/http.keytab", "not read at start");
  const auto config = load(
      "displayName: Acme\nsignIn:\n  methods: [windows, dossier]\n  windows:\n"
      "    keytab: http.keytab\n    realms: [EXAMPLE.ORG]\n    stripRealm: false\n");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(config.signIn.windows.keytab.filename(), "http.keytab");
  EXPECT_TRUE(config.signIn.windows.keytab.is_absolute());
  EXPECT_EQ(config.signIn.windows.realms, std::vector<std::string>{"EXAMPLE.ORG"});
  EXPECT_FALSE(config.signIn.windows.stripRealm);
  EXPECT_TRUE(config.signIn.windows.lowercase);
  EXPECT_EQ(config.signIn.defaultMethod, "windows");
}

TEST_F(ConfigLoader, RefusesWindowsSignInWithoutAKeytabOrRealms) {
  load("displayName: Acme\nsignIn: {methods: [windows]}\n");
  EXPECT_NE(problems().find("signIn.windows: the windows method needs a windows section"),
            std::string::npos)
      << problems();
  errors = {};
  load(
      "displayName: Acme\nsignIn: {methods: [windows], windows: {keytab: missing.keytab, "
      "realms: []}}\n");
  EXPECT_NE(problems().find("signIn.windows.keytab: there is no keytab file at"), std::string::npos)
      << problems();
  EXPECT_NE(problems().find("signIn.windows.realms: name the Kerberos realms"), std::string::npos)
      << problems();
}

TEST_F(ConfigLoader, ReadsACloudDirectoryRegistrationWithItsSecretFromAFile) {
  root.write("acme/contoso.secret", "s3cret\n");
  const auto config = load(R"(displayName: Acme
signIn:
  methods: [azure, dossier]
  azureRegistrations:
    - id: contoso
      name: Contoso
      issuer: https://login.example.org/tenant/v2.0/
      clientId: dossier-app
      clientSecretFile: contoso.secret
      redirectUri: https://dossier.example.org/api/acme/authentication/azure/contoso/callback
      stripDomain: true
      clientAuthentication: post
)");
  ASSERT_TRUE(problems().empty()) << problems();
  ASSERT_EQ(config.signIn.azureRegistrations.size(), 1U);
  const auto& registration = config.signIn.azureRegistrations.front();
  EXPECT_EQ(registration.issuer, "https://login.example.org/tenant/v2.0");
  EXPECT_EQ(registration.clientSecret, "s3cret");
  EXPECT_EQ(registration.usernameClaim, "preferred_username");
  EXPECT_TRUE(registration.stripDomain);
  EXPECT_FALSE(registration.createUsers);
  EXPECT_EQ(registration.clientAuthentication, AzureRegistration::ClientAuthentication::Post);
  EXPECT_EQ(registration.scopes, (std::vector<std::string>{"openid", "profile", "email"}));
}

TEST_F(ConfigLoader, NamesWhatACloudDirectoryRegistrationLacks) {
  load(R"(displayName: Acme
signIn:
  methods: [azure]
  azureRegistrations:
    - id: Contoso Staff
      name: Contoso
      issuer: http://login.example.org
      clientId: dossier-app
      clientSecretFile: missing.secret
      redirectUri: https://dossier.example.org/api/acme/authentication/azure/other/callback
      scopes: [profile]
      clientAuthentication: jwt
)");
  for (const auto* expected :
       {"cannot be a registration id", "the issuer must be an https:// address",
        "clientSecretFile: cannot read", "the redirect URI must be this server's absolute address",
        "the scopes must include openid", "'jwt' is not a client authentication"}) {
    EXPECT_NE(problems().find(expected), std::string::npos) << expected << "\n" << problems();
  }
  errors = {};
  root.write("acme/groups.yaml", "groups:\n  - {name: caseworkers, members: []}\n");
  root.write("acme/contoso.secret", "s3cret\n");
  load(R"(displayName: Acme
signIn:
  methods: [azure]
  azureRegistrations:
    - id: contoso
      name: Contoso
      issuer: https://login.example.org/tenant/v2.0
      clientId: dossier-app
      clientSecretFile: contoso.secret
      redirectUri: https://dossier.example.org/api/acme/authentication/azure/contoso/callback
      groups: {"1f3c": caseworkers, "77aa": [managers], "9b": 7}
)");
  EXPECT_NE(problems().find("'managers' (for '77aa') is not a group of groups.yaml"),
            std::string::npos)
      << problems();
  EXPECT_NE(problems().find("write a mapping from a value of the groups claim"), std::string::npos)
      << problems();
  EXPECT_EQ(problems().find("'caseworkers'"), std::string::npos) << problems();
  errors = {};
  load("displayName: Acme\nsignIn: {methods: [dossier, azure]}\n");
  EXPECT_NE(problems().find("the azure method needs at least one registration"), std::string::npos)
      << problems();
}

TEST_F(ConfigLoader, AllowsAnEnvironmentWithNoSignInMethod) {
  const auto config = load("displayName: Acme\nsignIn: {methods: []}\n");
  EXPECT_TRUE(errors.empty()) << problems();
  EXPECT_TRUE(config.signIn.methods.empty());
}

TEST_F(ConfigLoader, RefusesAnUnknownSignInMethod) {
  load("displayName: Acme\nsignIn: {methods: [dossier, carrier-pigeon]}\n");
  EXPECT_NE(problems().find("'carrier-pigeon' is not a sign-in method"), std::string::npos);
}

TEST_F(ConfigLoader, RefusesAFolderNameThatCannotBeAnEnvironmentKey) {
  load("displayName: Acme\n", "Acme Corp");
  EXPECT_NE(problems().find("the folder name is the environment key"), std::string::npos);
}

TEST_F(ConfigLoader, ReadsTheMenu) {
  root.write("acme/menu.yaml", R"(
items:
  - {id: home, name: Home, path: /home, iconClass: home}
  - id: links
    name: Links
    disabled: true
    subMenuItems:
      - {name: Intranet, path: https://intranet.example.org}
)");
  const auto config = load("displayName: Acme\n");
  ASSERT_TRUE(errors.empty()) << problems();
  ASSERT_EQ(config.menu.size(), 2u);
  EXPECT_EQ(config.menu[0].path, "/home");
  EXPECT_TRUE(config.menu[1].disabled);
  ASSERT_EQ(config.menu[1].subMenuItems.size(), 1u);
  EXPECT_EQ(config.menu[1].subMenuItems[0].name, "Intranet");
}

TEST_F(ConfigLoader, AMenuItemNeedsAPathOrSubItems) {
  root.write("acme/menu.yaml", "items:\n  - {id: x, name: Nowhere}\n");
  load("displayName: Acme\n");
  EXPECT_NE(problems().find("items[0].path: is required for an item without subMenuItems"),
            std::string::npos)
      << problems();
}

TEST_F(ConfigLoader, BrandingImagesMustBePng) {
  root.write("acme/branding/logo.png", "GIF89a not a png");
  load("displayName: Acme\n");
  EXPECT_NE(problems().find("branding/logo.png: is not a PNG image"), std::string::npos)
      << problems();
}

TEST_F(ConfigLoader, ReadsPngBrandingImages) {
  const std::string png("\x89PNG\r\n\x1a\nrest", 12);
  root.write("acme/branding/background.png", png);
  const auto config = load("displayName: Acme\n");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(config.branding.backgroundPng, png);
  EXPECT_TRUE(config.branding.logoPng.empty());
}

TEST_F(ConfigLoader, AnEmptyEnvironmentsFolderIsAnError) {
  const auto configs = loadEnvironmentConfigs(root.path(), errors);
  EXPECT_TRUE(configs.empty());
  EXPECT_NE(problems().find("holds no environment"), std::string::npos);
}

TEST_F(ConfigLoader, MailGoesThroughARelayOrIntoThePickupFolder) {
  const auto relay =
      load("displayName: A\nmail: {relay: \"smtp://127.0.0.1:25\", from: a@b.example}\n");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_TRUE(relay.mail.configured);
  EXPECT_EQ(relay.mail.transport, mail::TransportKind::Smtp);
  EXPECT_EQ(relay.mail.url, "smtp://127.0.0.1:25");

  const auto pickup = load("displayName: A\nmail: {transport: pickup, from: a@b.example}\n");
  ASSERT_TRUE(errors.empty()) << problems();
  EXPECT_TRUE(pickup.mail.configured);
  EXPECT_EQ(pickup.mail.transport, mail::TransportKind::Pickup);
  EXPECT_EQ(pickup.mail.from, "a@b.example");

  EXPECT_FALSE(load("displayName: A\n").mail.configured);
}

TEST_F(ConfigLoader, APickupTransportHasNoRelayAndATransportIsOneOfTheTwo) {
  load("displayName: A\nmail: {transport: pickup, relay: \"smtp://x:25\", from: a@b.example}\n");
  EXPECT_NE(problems().find("mail.relay: the pickup transport writes each message into the data "
                            "folder's mail-pickup/ and sends through no relay"),
            std::string::npos)
      << problems();
  errors = {};
  load("displayName: A\nmail: {transport: pigeon, from: a@b.example}\n");
  EXPECT_NE(problems().find("mail.transport: 'pigeon' is not a transport: smtp (through relay) or "
                            "pickup"),
            std::string::npos)
      << problems();
  errors = {};
  load("displayName: A\nmail: {transport: smtp, from: a@b.example}\n");
  EXPECT_NE(problems().find("mail.relay: is required"), std::string::npos) << problems();
}

TEST_F(ConfigLoader, TheShippedDemoEnvironmentIsValid) {
  const auto config = loadEnvironmentConfig(
      std::filesystem::path(DOSSIER_SOURCE_DIR) / "environments" / "demo", errors);
  EXPECT_TRUE(errors.empty()) << problems();
  EXPECT_EQ(config.key, "demo");
  EXPECT_FALSE(config.branding.logoPng.empty());
  EXPECT_FALSE(config.menu.empty());
}

}  // namespace
}  // namespace dossier::config
