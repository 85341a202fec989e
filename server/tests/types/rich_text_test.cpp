#include "types/rich_text.hpp"

#include <chrono>

#include <gtest/gtest.h>

namespace dossier::types {
namespace {

TEST(RichTextSanitizing, KeepsTheFormattingAnEditorProduces) {
  const std::string html =
      "<h2>Visit</h2><p>Met <b>Mrs Okafor</b> and <strong>her son</strong>, <i>twice</i> "
      "<em>briefly</em>, <u>on site</u> <s>at home</s>.</p><ul><li>one</li></ul>"
      "<ol><li>two</li></ol><blockquote>quoted</blockquote><pre><code>x = 1</code></pre>"
      "<div>line<br>break</div><h3>a</h3><h4>b</h4>";
  EXPECT_EQ(sanitizeRichText(html), html);
}

TEST(RichTextSanitizing, TagNamesAreWrittenInLowerCase) {
  EXPECT_EQ(sanitizeRichText("<P>Hi <B>there</B></P>"), "<p>Hi <b>there</b></p>");
}

TEST(RichTextSanitizing, DropsEveryAttribute) {
  EXPECT_EQ(
      sanitizeRichText(R"h(<p class="lead" style="color:red" onclick="steal()" id='x'>Hello</p>)h"),
      "<p>Hello</p>");
  EXPECT_EQ(sanitizeRichText(R"h(<b onmouseover=alert(1)>bold</b>)h"), "<b>bold</b>");
}

TEST(RichTextSanitizing, DropsOtherTagsButKeepsTheirText) {
  EXPECT_EQ(sanitizeRichText(R"h(<span style="x">kept</span> <font color=red>too</font>)h"),
            "kept too");
  EXPECT_EQ(sanitizeRichText(R"h(<img src="x" onerror="alert(1)">after)h"), "after");
  EXPECT_EQ(sanitizeRichText(R"h(<table><tr><td>cell</td></tr></table>)h"), "cell");
}

TEST(RichTextSanitizing, DropsScriptAndStyleWithTheirContent) {
  EXPECT_EQ(sanitizeRichText("before<script>alert('x')</script>after"), "beforeafter");
  EXPECT_EQ(sanitizeRichText("<SCRIPT type=\"text/javascript\">evil()</SCRIPT>ok"), "ok");
  EXPECT_EQ(sanitizeRichText("<style>p { display: none }</style><p>shown</p>"), "<p>shown</p>");
  EXPECT_EQ(sanitizeRichText("<iframe src=\"https://evil.example\">inside</iframe>x"), "x");
  EXPECT_EQ(sanitizeRichText("<object data=\"x.swf\">fallback</object>y"), "y");
}

TEST(RichTextSanitizing, AnUnclosedScriptDropsEverythingAfterIt) {
  EXPECT_EQ(sanitizeRichText("<p>ok</p><script>alert(1)<p>more</p>"), "<p>ok</p>");
}

TEST(RichTextSanitizing, DropsComments) {
  EXPECT_EQ(sanitizeRichText("a<!-- <script>alert(1)</script> -->b"), "ab");
}

TEST(RichTextSanitizing, KeepsWebAndMailLinksOpeningInANewTab) {
  EXPECT_EQ(
      sanitizeRichText(R"h(<a href="https://example.org/help">help</a>)h"),
      R"h(<a href="https://example.org/help" rel="noopener noreferrer" target="_blank">help</a>)h");
  EXPECT_EQ(sanitizeRichText(R"h(<a href='http://example.org'>site</a>)h"),
            R"h(<a href="http://example.org" rel="noopener noreferrer" target="_blank">site</a>)h");
  EXPECT_EQ(
      sanitizeRichText(R"h(<A HREF="mailto:help@example.org">mail</A>)h"),
      R"h(<a href="mailto:help@example.org" rel="noopener noreferrer" target="_blank">mail</a>)h");
}

TEST(RichTextSanitizing, ALinkKeepsOnlyItsAddress) {
  EXPECT_EQ(
      sanitizeRichText(R"h(<a onclick="steal()" href="https://example.org" target="_top">x</a>)h"),
      R"h(<a href="https://example.org" rel="noopener noreferrer" target="_blank">x</a>)h");
}

TEST(RichTextSanitizing, NeutralisesScriptLinks) {
  EXPECT_EQ(sanitizeRichText(R"h(<a href="javascript:alert(1)">click</a>)h"), "<a>click</a>");
  EXPECT_EQ(sanitizeRichText(R"h(<a href="JavaScript:alert(1)">click</a>)h"), "<a>click</a>");
  EXPECT_EQ(sanitizeRichText("<a href=\" java\tscript:alert(1)\">click</a>"), "<a>click</a>");
  EXPECT_EQ(sanitizeRichText(R"h(<a href="data:text/html,<script>alert(1)</script>">x</a>)h"),
            "<a>x</a>");
  EXPECT_EQ(sanitizeRichText(R"h(<a href="vbscript:msgbox(1)">x</a>)h"), "<a>x</a>");
  EXPECT_EQ(sanitizeRichText(R"h(<a href="/relative/page">x</a>)h"), "<a>x</a>");
  EXPECT_EQ(sanitizeRichText(R"h(<a>no address</a>)h"), "<a>no address</a>");
}

TEST(RichTextSanitizing, AQuoteInAnAddressCannotBreakOutOfIt) {
  EXPECT_EQ(sanitizeRichText(R"h(<a href='https://example.org/"onmouseover="alert(1)'>x</a>)h"),
            R"h(<a href="https://example.org/&quot;onmouseover=&quot;alert(1)" )h"
            R"h(rel="noopener noreferrer" target="_blank">x</a>)h");
}

TEST(RichTextSanitizing, AnAmpersandInAnAddressIsEscapedOnce) {
  const std::string expected =
      R"h(<a href="https://example.org/?a=1&amp;b=2" rel="noopener noreferrer" )h"
      R"h(target="_blank">search</a>)h";
  EXPECT_EQ(sanitizeRichText(R"h(<a href="https://example.org/?a=1&b=2">search</a>)h"), expected);
  // An editor writes & in an address as &amp;: it stays a single &.
  EXPECT_EQ(sanitizeRichText(R"h(<a href="https://example.org/?a=1&amp;b=2">search</a>)h"),
            expected);
}

TEST(RichTextSanitizing, SanitizingTwiceChangesNothing) {
  // A saved text is sent back unchanged on the next save: it must not grow or change.
  for (const std::string html :
       {"<p>Fish &amp; chips, 1 < 2 & 3 > 2</p>", "<a href=\"https://x.example/?a=1&b=2\">x</a>",
        "<p style=\"x\">a<script>b</script><span>c</span></p>",
        "<a href=\"javascript:alert(1)\">x</a>"}) {
    const auto once = sanitizeRichText(html);
    EXPECT_EQ(sanitizeRichText(once), once) << html;
  }
}

TEST(RichTextSanitizing, EscapesStrayAngleBracketsAndAmpersands) {
  EXPECT_EQ(sanitizeRichText("1 < 2 and 3 > 2"), "1 &lt; 2 and 3 &gt; 2");
  EXPECT_EQ(sanitizeRichText("AT&T"), "AT&amp;T");
  EXPECT_EQ(sanitizeRichText("a & b"), "a &amp; b");
  EXPECT_EQ(sanitizeRichText("<3 you"), "&lt;3 you");
  EXPECT_EQ(sanitizeRichText("x <"), "x &lt;");
}

TEST(RichTextSanitizing, KeepsEntities) {
  EXPECT_EQ(sanitizeRichText("caf&eacute; &amp; &lt;b&gt; &#39; &#x27; &nbsp;"),
            "caf&eacute; &amp; &lt;b&gt; &#39; &#x27; &nbsp;");
}

TEST(RichTextSanitizing, AQuotedGreaterThanDoesNotEndATag) {
  EXPECT_EQ(sanitizeRichText(R"h(<p title="a > b">text</p>)h"), "<p>text</p>");
}

TEST(RichTextSanitizing, SelfClosingAndClosingLineBreaksBecomeOne) {
  EXPECT_EQ(sanitizeRichText("a<br/>b<br />c</br>d"), "a<br>b<br>cd");
}

TEST(RichTextSanitizing, ClosesWhatWasLeftOpenAndDropsClosingTagsWithNothingToClose) {
  EXPECT_EQ(sanitizeRichText("<p><b>bold<i>both"), "<p><b>bold<i>both</i></b></p>");
  EXPECT_EQ(sanitizeRichText("text</b></p>"), "text");
  EXPECT_EQ(sanitizeRichText("<b><i>x</b>y</i>"), "<b><i>x</i></b>y");
}

TEST(RichTextSanitizing, NestingDeeperThanAHundredIsFlattened) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) {
    deep += "<b>";
  }
  deep += "x";
  std::string expected;
  for (int i = 0; i < 100; ++i) {
    expected += "<b>";
  }
  expected += "x";
  for (int i = 0; i < 100; ++i) {
    expected += "</b>";
  }
  EXPECT_EQ(sanitizeRichText(deep), expected);
}

// Time is measured here only as a guard against quadratic work: the limit is far above what a
// linear pass needs, and far below what the quadratic one took (47 s for this text).
TEST(RichTextSanitizing, TakesTimeInProportionToTheText) {
  std::string hostile;
  while (hostile.size() < 530 * 1024) {
    hostile += "<script>x</script>";
  }
  const auto start = std::chrono::steady_clock::now();
  const auto clean = sanitizeRichText(hostile);
  const auto plain = richTextToPlain(std::string(200 * 1024, '&') + "amp;");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
  EXPECT_EQ(clean, "");
  EXPECT_EQ(plain, std::string(200 * 1024, '&'));
}

TEST(RichTextToPlain, GivesTheTextWithBlocksSeparatedBySpaces) {
  EXPECT_EQ(richTextToPlain("<p>One</p><p>Two</p>"), "One Two");
  EXPECT_EQ(richTextToPlain("first<br>second"), "first second");
  EXPECT_EQ(richTextToPlain("<ul><li>a</li><li>b</li></ul>"), "a b");
  EXPECT_EQ(richTextToPlain("<div>x</div><div>y</div>"), "x y");
  EXPECT_EQ(richTextToPlain("<b>bold</b> and <i>italic</i>"), "bold and italic");
}

TEST(RichTextToPlain, DecodesTheUsualEntities) {
  EXPECT_EQ(richTextToPlain("Fish &amp; chips &lt;3 &quot;yes&quot; it&#39;s&nbsp;fine &gt;"),
            "Fish & chips <3 \"yes\" it's fine >");
}

TEST(RichTextToPlain, AnEntityTypedAsTextStaysAsTyped) {
  // Someone who typed "&lt;" sees "&lt;", not "<".
  EXPECT_EQ(richTextToPlain("<p>write &amp;lt; for &lt;</p>"), "write &lt; for <");
}

TEST(RichTextToPlain, TrimsSpacesAtTheEnds) {
  EXPECT_EQ(richTextToPlain("<p> padded </p>"), "padded");
  EXPECT_EQ(richTextToPlain("<p></p><br>"), "");
}

}  // namespace
}  // namespace dossier::types
