#include "cli/password_input.hpp"

#include <deque>

#include <gtest/gtest.h>

namespace dossier::cli {
namespace {

// Lines as a person types them or a pipe gives them; the prompts shown are kept.
struct Typed {
  std::deque<std::string> lines;
  std::vector<std::string> prompts;

  PasswordSource source(bool terminal) {
    return {terminal, [this](const char* prompt) -> std::optional<std::string> {
              prompts.emplace_back(prompt != nullptr ? prompt : "");
              if (lines.empty()) {
                return std::nullopt;
              }
              auto line = lines.front();
              lines.pop_front();
              return line;
            }};
  }
};

TEST(PasswordInput, AtATerminalThePasswordIsTypedTwice) {
  Typed typed{{"correct horse", "correct horse"}, {}};
  std::string problem;
  EXPECT_EQ(readPassword(typed.source(true), problem), "correct horse");
  EXPECT_EQ(problem, "");
  EXPECT_EQ(typed.prompts, (std::vector<std::string>{"Password: ", "Repeat the password: "}));
}

TEST(PasswordInput, TwoDifferentPasswordsTypedAreRefused) {
  Typed typed{{"correct horse", "correct hose"}, {}};
  std::string problem;
  EXPECT_EQ(readPassword(typed.source(true), problem), std::nullopt);
  EXPECT_EQ(problem, "The two passwords typed differ.");
}

TEST(PasswordInput, PipedInItIsTheFirstLineWithoutAPrompt) {
  Typed typed{{"correct horse", "ignored"}, {}};
  std::string problem;
  EXPECT_EQ(readPassword(typed.source(false), problem), "correct horse");
  EXPECT_EQ(typed.lines.size(), 1u) << "only one line is read";
  EXPECT_EQ(typed.prompts, std::vector<std::string>{""});
}

TEST(PasswordInput, AWindowsLineEndIsLeftOff) {
  Typed typed{{"correct horse\r"}, {}};
  std::string problem;
  EXPECT_EQ(readPassword(typed.source(false), problem), "correct horse");
}

TEST(PasswordInput, NothingPipedInIsRefusedSayingHowToPipeIt) {
  Typed typed;
  std::string problem;
  EXPECT_EQ(readPassword(typed.source(false), problem), std::nullopt);
  EXPECT_TRUE(problem.starts_with("No password on standard input: pipe it in")) << problem;
}

TEST(PasswordInput, AnEmptyPasswordIsRefused) {
  for (const bool terminal : {true, false}) {
    Typed typed{{"", ""}, {}};
    std::string problem;
    EXPECT_EQ(readPassword(typed.source(terminal), problem), std::nullopt);
    EXPECT_EQ(problem, "The password is empty.") << (terminal ? "typed" : "piped");
  }
  Typed crOnly{{"\r"}, {}};
  std::string problem;
  EXPECT_EQ(readPassword(crOnly.source(false), problem), std::nullopt);
  EXPECT_EQ(problem, "The password is empty.");
}

TEST(PasswordInput, AtATerminalTheEndOfInputIsAnEmptyPassword) {
  Typed typed;
  std::string problem;
  EXPECT_EQ(readPassword(typed.source(true), problem), std::nullopt);
  EXPECT_EQ(problem, "The password is empty.");
}

}  // namespace
}  // namespace dossier::cli
