#include "mail/smtp.hpp"

#include <gtest/gtest.h>

namespace dossier::mail {
namespace {

TEST(Mail, AMessageIsWrittenAsRfc5322WithCrlfLinesAndUtf8Named) {
  const auto text = rfc5322(
      {"complaints@acme.example", "mia@example.org", "Your complaint", "Dear Mia,\nthank you.\n"},
      std::chrono::system_clock::from_time_t(0));
  EXPECT_TRUE(text.starts_with("Date: Thu, 01 Jan 1970 00:00:00 +0000\r\n")) << text;
  EXPECT_NE(text.find("From: complaints@acme.example\r\nTo: mia@example.org\r\n"),
            std::string::npos);
  EXPECT_NE(text.find("Content-Type: text/plain; charset=UTF-8\r\n"), std::string::npos);
  EXPECT_NE(text.find("@acme.example>\r\n"), std::string::npos);
  EXPECT_TRUE(text.ends_with("\r\n\r\nDear Mia,\r\nthank you.\r\n")) << text;
}

TEST(Mail, AHeaderCannotBeGivenALineBreakToAddHeadersOfItsOwn) {
  const auto text =
      rfc5322({"a@b.example", "c@d.example", "Hello\r\nBcc: everyone@example.org", "x"},
              std::chrono::system_clock::now());
  EXPECT_EQ(text.find("\r\nBcc:"), std::string::npos) << text;
  EXPECT_NE(text.find("Subject: Hello  Bcc: everyone@example.org\r\n"), std::string::npos);
}

TEST(Mail, OnlyOneAddressIsAnAddress) {
  EXPECT_TRUE(isEmailAddress("mia@example.org"));
  EXPECT_FALSE(isEmailAddress(""));
  EXPECT_FALSE(isEmailAddress("mia"));
  EXPECT_FALSE(isEmailAddress("mia@example.org, ned@example.org"));
  EXPECT_FALSE(isEmailAddress("mia@example.org\r\nRCPT TO:<x@y>"));
  EXPECT_FALSE(isEmailAddress("@example.org"));
}

TEST(Mail, SendingToARelayThatIsNotThereSaysSo) {
  const auto sent = send("smtp://127.0.0.1:1", {"a@b.example", "c@d.example", "s", "b"}, "x",
                         std::chrono::seconds(5));
  ASSERT_FALSE(sent.ok());
  EXPECT_TRUE(sent.error().message.starts_with("The e-mail could not be sent: "))
      << sent.error().message;
}

}  // namespace
}  // namespace dossier::mail
