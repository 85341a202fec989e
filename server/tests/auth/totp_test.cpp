#include "auth/totp.hpp"

#include <gtest/gtest.h>

#include "auth/qr_code.hpp"

namespace dossier::auth {
namespace {

TimePoint at(std::int64_t seconds) {
  return TimePoint(std::chrono::duration_cast<Clock::duration>(std::chrono::seconds(seconds)));
}

// RFC 6238 appendix B, SHA-1, with the last six of its eight digits (what the apps show).
TEST(Totp, CodesAreThoseOfRfc6238) {
  const std::string secret = "12345678901234567890";
  EXPECT_EQ(totpCode(secret, totpStep(at(59))), "287082");
  EXPECT_EQ(totpCode(secret, totpStep(at(1111111109))), "081804");
  EXPECT_EQ(totpCode(secret, totpStep(at(1111111111))), "050471");
  EXPECT_EQ(totpCode(secret, totpStep(at(1234567890))), "005924");
  EXPECT_EQ(totpCode(secret, totpStep(at(2000000000))), "279037");
}

// RFC 4648 section 10.
TEST(Totp, Base32IsThatOfRfc4648WithoutPadding) {
  EXPECT_EQ(base32Encode(""), "");
  EXPECT_EQ(base32Encode("f"), "MY");
  EXPECT_EQ(base32Encode("foobar"), "MZXW6YTBOI");
  EXPECT_EQ(base32Decode("MZXW6YTBOI"), "foobar");
  EXPECT_EQ(base32Decode("mzxw 6ytb oi======"), "foobar");
  EXPECT_FALSE(base32Decode("MZXW1").has_value());
}

TEST(Totp, TheCodeOfNowOrOfTheStepBeforeOrAfterIsAccepted) {
  const std::string secret = "12345678901234567890";
  const auto now = at(1111111111);
  const auto step = totpStep(now);
  EXPECT_EQ(acceptedStep(secret, totpCode(secret, step), now, 0), step);
  EXPECT_EQ(acceptedStep(secret, totpCode(secret, step - 1), now, 0), step - 1);
  EXPECT_EQ(acceptedStep(secret, totpCode(secret, step + 1), now, 0), step + 1);
  EXPECT_FALSE(acceptedStep(secret, totpCode(secret, step - 2), now, 0));
  EXPECT_FALSE(acceptedStep(secret, totpCode(secret, step + 2), now, 0));
  EXPECT_EQ(acceptedStep(secret, totpCode(secret, step).insert(3, " "), now, 0), step);
}

TEST(Totp, ACodeIsNotAcceptedForAStepAlreadyTaken) {
  const std::string secret = "12345678901234567890";
  const auto now = at(1111111111);
  const auto step = totpStep(now);
  EXPECT_FALSE(acceptedStep(secret, totpCode(secret, step), now, step));
  EXPECT_FALSE(acceptedStep(secret, totpCode(secret, step - 1), now, step));
  EXPECT_EQ(acceptedStep(secret, totpCode(secret, step + 1), now, step), step + 1);
}

TEST(Totp, AnythingButSixDigitsIsNoCode) {
  const std::string secret = "12345678901234567890";
  const auto now = at(59);
  EXPECT_FALSE(acceptedStep(secret, "", now, 0));
  EXPECT_FALSE(acceptedStep(secret, "28708", now, 0));
  EXPECT_FALSE(acceptedStep(secret, "2870822", now, 0));
  EXPECT_FALSE(acceptedStep(secret, "abcdef", now, 0));
}

TEST(Totp, TheAppsAddressNamesIssuerAndAccountEscaped) {
  EXPECT_EQ(otpauthUri("Dossier Demo", "j.smith@example.org", "MZXW6YTBOI"),
            "otpauth://totp/Dossier%20Demo:j.smith%40example.org?secret=MZXW6YTBOI&issuer="
            "Dossier%20Demo&algorithm=SHA1&digits=6&period=30");
  EXPECT_EQ(groupedSecret("MZXW6YTBOI"), "MZXW 6YTB OI");
}

TEST(QrCode, IsAnSvgOfBlackModulesOnWhiteWithAQuietZone) {
  const auto svg = qrCodeSvg("otpauth://totp/Dossier:jsmith?secret=MZXW6YTBOI&issuer=Dossier");
  EXPECT_TRUE(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 "));
  EXPECT_NE(svg.find("fill=\"#fff\""), std::string::npos);
  // The finder pattern's corner module sits just inside the four-module quiet zone.
  EXPECT_NE(svg.find("M4 4h1v1h-1z"), std::string::npos);
  EXPECT_EQ(svg.find("M3 3"), std::string::npos);
}

}  // namespace
}  // namespace dossier::auth
