#include "mail/smtp.hpp"

#include <gtest/gtest.h>

#include "core/crypto.hpp"

namespace dossier::mail {
namespace {

TEST(Mail, AMessageIsWrittenAsRfc5322WithCrlfLinesAndUtf8Named) {
  const auto text = rfc5322({"complaints@acme.example",
                             "mia@example.org",
                             "Your complaint",
                             "Dear Mia,\nthank you.\n",
                             {}},
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
      rfc5322({"a@b.example", "c@d.example", "Hello\r\nBcc: everyone@example.org", "x", {}},
              std::chrono::system_clock::now());
  EXPECT_EQ(text.find("\r\nBcc:"), std::string::npos) << text;
  EXPECT_NE(text.find("Subject: Hello  Bcc: everyone@example.org\r\n"), std::string::npos);
}

TEST(Mail, ASubjectBeyondAsciiIsAnEncodedWord) {
  const auto text = rfc5322({"a@b.example", "c@d.example", "Réclamation", "x", {}},
                            std::chrono::system_clock::now());
  EXPECT_NE(text.find("Subject: =?UTF-8?B?" + base64Encode("Réclamation") + "?=\r\n"),
            std::string::npos)
      << text;
}

TEST(Mail, AttachmentsMakeAMultipartMessageWithTheFilesInBase64) {
  const std::string letter("PK\x03\x04 binary \r\n--not-a-boundary\0end", 34);
  const auto text =
      rfc5322({"a@b.example",
               "c@d.example",
               "Your letter",
               "Please find it attached.",
               {{"Letter \"é\"\r\nX-Evil: 1.docx", "application/octet-stream", letter}}},
              std::chrono::system_clock::now());
  const auto type = text.find("Content-Type: multipart/mixed; boundary=\"");
  ASSERT_NE(type, std::string::npos) << text;
  const auto start = type + std::string("Content-Type: multipart/mixed; boundary=\"").size();
  const auto boundary = text.substr(start, text.find('"', start) - start);
  EXPECT_TRUE(boundary.starts_with("=_dossier_"));
  EXPECT_NE(text.find("--" + boundary + "\r\nContent-Type: text/plain; charset=UTF-8\r\n"),
            std::string::npos);
  EXPECT_NE(text.find("Please find it attached.\r\n--" + boundary + "\r\n"), std::string::npos);
  // The file's name can neither break the header nor leave the quotes.
  EXPECT_EQ(text.find("\r\nX-Evil"), std::string::npos) << text;
  EXPECT_NE(text.find("Content-Disposition: attachment; filename=\"Letter ____  X-Evil: "
                      "1.docx\"; filename*=UTF-8''Letter%20%22%C3%A9%22%20%20X-Evil%3A%201.docx"
                      "\r\n"),
            std::string::npos)
      << text;
  const auto body = text.find("Content-Transfer-Encoding: base64\r\n\r\n");
  ASSERT_NE(body, std::string::npos);
  const auto encodedStart = body + std::string("Content-Transfer-Encoding: base64\r\n\r\n").size();
  const auto encoded = text.substr(encodedStart, text.find("\r\n--", encodedStart) - encodedStart);
  EXPECT_EQ(base64Decode(encoded), letter);
  EXPECT_TRUE(text.ends_with("--" + boundary + "--\r\n"));
}

TEST(Mail, AnHtmlBodyIsAnAlternativeToTheTextInBase64InsideTheMixedMessage) {
  Message message{"a@b.example", "c@d.example", "Your letter", "Dear Mia,", {}};
  message.html = "<p>Dear <b>Mia</b>,</p>";
  const auto alone = rfc5322(message, std::chrono::system_clock::now());
  const auto type = alone.find("Content-Type: multipart/alternative; boundary=\"");
  ASSERT_NE(type, std::string::npos) << alone;
  const auto start = type + std::string("Content-Type: multipart/alternative; boundary=\"").size();
  const auto boundary = alone.substr(start, alone.find('"', start) - start);
  // The text first, then the HTML: mail programs show the last they can.
  const auto text = alone.find("--" + boundary + "\r\nContent-Type: text/plain; charset=UTF-8\r\n");
  const auto html = alone.find("--" + boundary +
                               "\r\nContent-Type: text/html; charset=UTF-8\r\n"
                               "Content-Transfer-Encoding: base64\r\n\r\n" +
                               base64Encode(message.html) + "\r\n--" + boundary + "--\r\n");
  ASSERT_NE(text, std::string::npos) << alone;
  ASSERT_NE(html, std::string::npos) << alone;
  EXPECT_LT(text, html);

  message.attachments.push_back({"Letter.docx", "application/octet-stream", "PK"});
  const auto mixed = rfc5322(message, std::chrono::system_clock::now());
  const auto outer = mixed.find("Content-Type: multipart/mixed; boundary=\"");
  const auto inner = mixed.find("Content-Type: multipart/alternative; boundary=\"");
  const auto attached = mixed.find("Content-Disposition: attachment; filename=\"Letter.docx\"");
  ASSERT_NE(outer, std::string::npos) << mixed;
  EXPECT_LT(outer, inner);
  EXPECT_LT(inner, attached);
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
  const auto sent = send("smtp://127.0.0.1:1", {"a@b.example", "c@d.example", "s", "b", {}}, "x",
                         std::chrono::seconds(5));
  ASSERT_FALSE(sent.ok());
  EXPECT_TRUE(sent.error().message.starts_with("The e-mail could not be sent: "))
      << sent.error().message;
}

}  // namespace
}  // namespace dossier::mail
