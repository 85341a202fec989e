#include "http/static_files.hpp"

#include <gtest/gtest.h>

#include "support/temp_folder.hpp"

namespace dossier::http {
namespace {

class StaticFilesTest : public ::testing::Test {
 protected:
  testing::TempFolder root;

  void SetUp() override {
    root.write("index.html", "<!doctype html><title>app</title>");
    root.write("assets/index-a1b2c3d4.js", "console.log(1)");
    root.write("assets/index-a1b2c3d4.js.gz", "gzipped");
    root.write("favicon.ico", "icon");
    root.write(".secret", "hidden");
  }

  Request get(std::initializer_list<std::pair<std::string, std::string>> headers = {}) {
    Request request;
    request.method = "GET";
    for (const auto& header : headers) {
      request.headers.push_back(header);
    }
    return request;
  }
};

TEST_F(StaticFilesTest, ServesAFileWithItsContentType) {
  const auto response = StaticFiles(root.path()).file(get(), {"favicon.ico"});
  ASSERT_TRUE(response);
  EXPECT_EQ(response->header("Content-Type"), "image/x-icon");
  EXPECT_EQ(response->header("Cache-Control"), "no-cache");
  EXPECT_EQ(response->fileSize, 4u);
}

TEST_F(StaticFilesTest, HashedAssetsAreCachedForAYear) {
  const auto response = StaticFiles(root.path()).file(get(), {"assets", "index-a1b2c3d4.js"});
  ASSERT_TRUE(response);
  EXPECT_EQ(response->header("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(response->header("Cache-Control"), "public, max-age=31536000, immutable");
}

TEST_F(StaticFilesTest, SendsThePrecompressedFileToClientsThatAcceptIt) {
  StaticFiles files(root.path());
  const auto plain = files.file(get(), {"assets", "index-a1b2c3d4.js"});
  EXPECT_FALSE(plain->header("Content-Encoding"));
  EXPECT_EQ(plain->header("Vary"), "Accept-Encoding");
  const auto zipped =
      files.file(get({{"accept-encoding", "gzip, deflate"}}), {"assets", "index-a1b2c3d4.js"});
  EXPECT_EQ(zipped->header("Content-Encoding"), "gzip");
  EXPECT_EQ(zipped->header("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(zipped->file->filename(), "index-a1b2c3d4.js.gz");
}

TEST_F(StaticFilesTest, AnswersNotModifiedForAKnownVersion) {
  StaticFiles files(root.path());
  const auto first = files.file(get(), {"favicon.ico"});
  const auto again =
      files.file(get({{"if-none-match", std::string(*first->header("ETag"))}}), {"favicon.ico"});
  EXPECT_EQ(again->status, 304);
  EXPECT_FALSE(again->file);
}

TEST_F(StaticFilesTest, NeverServesOutsideTheRootNorHiddenFiles) {
  StaticFiles files(root.path());
  EXPECT_FALSE(files.file(get(), {"..", "etc", "passwd"}));
  EXPECT_FALSE(files.file(get(), {".secret"}));
  EXPECT_FALSE(files.file(get(), {"assets"}));
  EXPECT_FALSE(files.file(get(), {"missing.js"}));
}

TEST_F(StaticFilesTest, ALinkLeadingOutOfTheRootIsNotFollowed) {
  testing::TempFolder outside;
  outside.write("private.txt", "secret");
  std::filesystem::create_symlink(outside.path() / "private.txt", root.path() / "link.txt");
  EXPECT_FALSE(StaticFiles(root.path()).file(get(), {"link.txt"}));
}

TEST_F(StaticFilesTest, TheIndexIsRevalidatedEveryTime) {
  const auto response = StaticFiles(root.path()).index(get());
  EXPECT_EQ(response.header("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(response.header("Cache-Control"), "no-cache");
  EXPECT_EQ(response.file->filename(), "index.html");
}

TEST_F(StaticFilesTest, APageStandsInUntilTheWebAppIsBuilt) {
  testing::TempFolder empty;
  const auto response = StaticFiles(empty.path()).index(get());
  EXPECT_EQ(response.status, 200);
  EXPECT_NE(response.body.find("Dossier is running"), std::string::npos);
}

}  // namespace
}  // namespace dossier::http
