#include "forms/possible_duplicates.hpp"

#include <gtest/gtest.h>

namespace dossier::forms {
namespace {

TEST(NameAgreement, NamesWrittenInCapitalsBeyondAsciiAgreeWhollyWithTheSameNames) {
  EXPECT_DOUBLE_EQ(nameAgreement("ÖDÖN KOVÁCS", "Ödön Kovács"), 1.0);
  EXPECT_DOUBLE_EQ(nameAgreement("ödön kovács", "Ödön Kovács"), 1.0);
  EXPECT_DOUBLE_EQ(nameAgreement("Ödön Kovács", "ÖDÖN KOVÁCS"), 1.0);
}

TEST(NameAgreement, AWordThatStartsWithTheSameThreeLettersCountsHalf) {
  EXPECT_DOUBLE_EQ(nameAgreement("Margie Vandersloot", "Margaret Vandersloot"), 0.75);
  // Three letters, not three bytes: "Ödry" and "Ödön" share only two.
  EXPECT_DOUBLE_EQ(nameAgreement("ÖDRY KOVÁCS", "Ödön Kovács"), 0.5);
  EXPECT_DOUBLE_EQ(nameAgreement("ÁGNES SZABÓ", "Ágota Szabó"), 0.5);
  EXPECT_DOUBLE_EQ(nameAgreement("ÁGOSTON SZABÓ", "Ágota Szabó"), 0.75);
}

TEST(NameAgreement, NoNamesAgreeWithNothing) {
  EXPECT_DOUBLE_EQ(nameAgreement("", "Ödön Kovács"), 0.0);
  EXPECT_DOUBLE_EQ(nameAgreement("Zoe Quill", "Ödön Kovács"), 0.0);
}

}  // namespace
}  // namespace dossier::forms
