#include "mail/pickup.hpp"

#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "mail/smtp.hpp"
#include "mail/transport.hpp"
#include "support/temp_folder.hpp"

namespace dossier::mail {
namespace {

namespace fs = std::filesystem;

const auto kNoon = std::chrono::system_clock::from_time_t(1795608000);  // 2026-11-25 12:00 UTC

std::vector<std::string> namesIn(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  return names;
}

std::string contentOf(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

TEST(MailPickup, AFileIsNamedByItsTimeAndSubjectAndNothingOfTheSubjectMakesItAPath) {
  const auto name = pickupFileName("Your complaint CMP-2026-00001", kNoon);
  EXPECT_TRUE(std::regex_match(
      name, std::regex(R"(20261125T120000Z-[0-9a-f]{16}-your-complaint-cmp-2026-00001\.eml)")))
      << name;
  for (const auto* subject : {"../../etc/passwd", "..", "/", ".hidden", "a\\b", "x\r\nBcc: y",
                              "Réclamation ÖDÖN", "", "\x01\x02"}) {
    const auto made = pickupFileName(subject, kNoon);
    EXPECT_TRUE(
        std::regex_match(made, std::regex(R"(20261125T120000Z-[0-9a-f]{16}(-[a-z0-9]+)*\.eml)")))
        << subject << " gave " << made;
  }
  EXPECT_TRUE(pickupFileName("../../etc/passwd", kNoon).ends_with("-etc-passwd.eml"));
  EXPECT_TRUE(pickupFileName("", kNoon).ends_with(".eml"));
}

TEST(MailPickup, ALongSubjectIsCutAndTwoMessagesOfOneSecondKeepApart) {
  const auto name = pickupFileName(std::string(500, 'a'), kNoon);
  EXPECT_EQ(name.size(), std::string("20261125T120000Z-").size() + 16 + 1 + kMaxSubjectInFileName +
                             std::string(".eml").size());
  EXPECT_NE(pickupFileName("Same", kNoon), pickupFileName("Same", kNoon));
  // Names sort by the time they were written.
  EXPECT_LT(pickupFileName("z", kNoon), pickupFileName("a", kNoon + std::chrono::seconds(1)));
}

TEST(MailPickup, AMessageIsWrittenWholeUnderItsNameAndNothingElseIsLeft) {
  testing::TempFolder folder;
  const std::string text = "Subject: Hello\r\n\r\nDear Mia,\r\n";
  auto written = writeToPickup(folder.path(), "Hello", text, kNoon);
  ASSERT_TRUE(written.ok()) << written.error().message;
  EXPECT_EQ(written->parent_path(), folder.path());
  EXPECT_EQ(contentOf(*written), text);
  // The temporary file it was written to became the message: no other file is there.
  EXPECT_EQ(namesIn(folder.path()), std::vector<std::string>{written->filename().string()});
}

TEST(MailPickup, AMessageTooLargeIsRefusedAndNothingIsWritten) {
  testing::TempFolder folder;
  auto refused =
      writeToPickup(folder.path(), "Big", std::string(kMaxPickupMessageBytes + 1, 'x'), kNoon);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "mail.too_large");
  EXPECT_EQ(refused.error().message, "The e-mail is 26 MB, more than the 25 MB one may be.");
  EXPECT_TRUE(namesIn(folder.path()).empty());
}

TEST(MailPickup, AFullFolderRefusesTheNextMessageUntilSomeAreTakenAway) {
  testing::TempFolder folder;
  for (std::size_t i = 0; i < kMaxPickupMessages; ++i) {
    std::ofstream(folder.path() / ("m" + std::to_string(i) + ".eml"));
  }
  auto refused = writeToPickup(folder.path(), "One more", "x", kNoon);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "mail.pickup_full");
  EXPECT_NE(refused.error().message.find("Ask an administrator to clear it."), std::string::npos);
  fs::remove(folder.path() / "m0.eml");
  EXPECT_TRUE(writeToPickup(folder.path(), "One more", "x", kNoon).ok());
}

TEST(MailPickup, AFolderThatCannotBeMadeIsNamedWithTheReason) {
  testing::TempFolder folder;
  const auto file = folder.write("not-a-folder", "x");
  const auto ready = preparePickupFolder(file / "mail-pickup");
  ASSERT_FALSE(ready.ok());
  EXPECT_EQ(ready.error().message, "The mail pickup folder " + (file / "mail-pickup").string() +
                                       " cannot be made: Not a directory.");
  const auto written = writeToPickup(file / "mail-pickup", "Hello", "x", kNoon);
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().code, "mail.pickup_write");
  EXPECT_EQ(written.error().message,
            "The e-mail could not be written to the mail pickup folder: Not a directory.");
}

TEST(MailPickup, AMissingFolderIsMadeAndLeftEmpty) {
  testing::TempFolder folder;
  ASSERT_TRUE(preparePickupFolder(folder.path() / "data" / "mail-pickup").ok());
  EXPECT_TRUE(fs::is_directory(folder.path() / "data" / "mail-pickup"));
  EXPECT_TRUE(namesIn(folder.path() / "data" / "mail-pickup").empty());
}

TEST(MailTransport, ThePickupTransportChecksTheAddressAndWritesTheMessage) {
  testing::TempFolder folder;
  const Transport pickup{TransportKind::Pickup, "", folder.path()};
  Message message{"complaints@acme.example", "not an address", "Hello", "Dear Mia,", {}};
  const auto refused = deliver(pickup, message, rfc5322(message, kNoon), kNoon);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message, "'not an address' is not an e-mail address to send to.");
  EXPECT_TRUE(namesIn(folder.path()).empty());

  message.to = "mia@example.org";
  const auto text = rfc5322(message, kNoon);
  ASSERT_TRUE(deliver(pickup, message, text, kNoon).ok());
  const auto names = namesIn(folder.path());
  ASSERT_EQ(names.size(), 1u);
  EXPECT_TRUE(names[0].ends_with("-hello.eml"));
  EXPECT_EQ(contentOf(folder.path() / names[0]), text);
}

}  // namespace
}  // namespace dossier::mail
