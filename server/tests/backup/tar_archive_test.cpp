#include "backup/tar_archive.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "backup/backup_error.hpp"
#include "support/temp_folder.hpp"

namespace dossier::backup {
namespace {

using dossier::testing::TempFolder;

struct Read {
  std::string path;
  std::string content;
  unsigned permissions = 0;
};

std::vector<Read> readAll(const std::filesystem::path& file) {
  ArchiveReader reader(file);
  std::vector<Read> members;
  while (const auto header = reader.next()) {
    Read member{header->path, "", header->permissions};
    std::vector<char> buffer(7);  // small, so that a member is read in several pieces
    while (const auto count = reader.read(buffer)) {
      member.content.append(buffer.data(), count);
    }
    EXPECT_EQ(member.content.size(), header->size) << header->path;
    members.push_back(std::move(member));
  }
  return members;
}

std::string errorOf(const std::function<void()>& action) {
  try {
    action();
  } catch (const BackupError& error) {
    return error.what();
  }
  return "";
}

TEST(TarArchive, TheEndOfTheNameChoosesTheCompression) {
  EXPECT_EQ(compressionFor("/srv/backups/demo.tar"), Compression::None);
  EXPECT_EQ(compressionFor("demo.tar.gz"), Compression::Gzip);
  EXPECT_EQ(compressionFor("demo.tgz"), Compression::Gzip);
  EXPECT_EQ(compressionFor("demo.tar.zst"), Compression::Zstd);
  EXPECT_EQ(compressionFor("demo.tzst"), Compression::Zstd);
  EXPECT_EQ(compressionFor("demo.zip"), std::nullopt);
  EXPECT_EQ(compressionFor("demo"), std::nullopt);
  EXPECT_EQ(compressionFor(".tar"), std::nullopt);
}

TEST(TarArchive, MembersReadBackInOrderWithTheirBytesAndPermissionsWhateverTheCompression) {
  TempFolder folder;
  const std::string large(3 * 1024 * 1024 + 17, 'x');
  for (const auto* name : {"a.tar", "a.tar.gz", "a.tar.zst"}) {
    const auto file = folder.path() / name;
    {
      ArchiveWriter archive(file, *compressionFor(file));
      archive.add("manifest.json", "{}");
      archive.add("configuration/types/case.yaml", "key: COMP\n", 0644);
      archive.add("empty", "");
      archive.beginMember("blobs/large", large.size());
      archive.write(std::string_view(large).substr(0, 1000));
      archive.write(std::string_view(large).substr(1000));
      archive.endMember();
      archive.close();
    }
    const auto members = readAll(file);
    ASSERT_EQ(members.size(), 4u) << name;
    EXPECT_EQ(members[0].path, "manifest.json");
    EXPECT_EQ(members[0].content, "{}");
    EXPECT_EQ(members[0].permissions, 0600u);
    EXPECT_EQ(members[1].path, "configuration/types/case.yaml");
    EXPECT_EQ(members[1].content, "key: COMP\n");
    EXPECT_EQ(members[1].permissions, 0644u);
    EXPECT_EQ(members[2].content, "");
    EXPECT_EQ(members[3].content, large) << name;
    // Only its owner may read it: it holds password hashes.
    EXPECT_EQ(std::filesystem::status(file).permissions() & std::filesystem::perms::all,
              std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  }
}

TEST(TarArchive, AFileIsNeverReplaced) {
  TempFolder folder;
  const auto file = folder.write("old.tar", "an older backup");
  const auto message = errorOf([&] { ArchiveWriter archive(file, Compression::None); });
  EXPECT_NE(message.find("Cannot create the backup " + file.string() + ": File exists"),
            std::string::npos)
      << message;
  std::ifstream in(file);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "an older backup");
}

TEST(TarArchive, AMemberOfOtherThanItsAnnouncedSizeIsRefused) {
  TempFolder folder;
  ArchiveWriter archive(folder.path() / "a.tar", Compression::None);
  archive.beginMember("short", 10);
  archive.write("12345");
  EXPECT_NE(errorOf([&] { archive.endMember(); }).find("ended after 5 of the 10 bytes announced"),
            std::string::npos);

  ArchiveWriter other(folder.path() / "b.tar", Compression::None);
  other.beginMember("long", 3);
  EXPECT_NE(errorOf([&] { other.write("1234"); }).find("grew while it was written"),
            std::string::npos);
}

TEST(TarArchive, AFileThatIsNoArchiveIsSaidToBeNoBackup) {
  TempFolder folder;
  const auto file = folder.write("notes.tar", std::string(4000, 'n'));
  const auto message = errorOf([&] {
    ArchiveReader reader(file);
    reader.next();
  });
  EXPECT_NE(message.find(file.string() + " is not a Dossier backup: it is not a tar archive"),
            std::string::npos)
      << message;
}

TEST(TarArchive, AnArchiveCutShortSaysSoWhereverItEnds) {
  TempFolder folder;
  for (const auto* name : {"cut.tar", "cut.tar.gz", "cut.tar.zst"}) {
    const auto file = folder.path() / name;
    {
      ArchiveWriter archive(file, *compressionFor(file));
      archive.add("manifest.json", "{}");
      std::string noise;
      for (int i = 0; noise.size() < 300000; ++i) {
        noise += std::to_string(i * 7919 % 104729);
      }
      archive.add("database/dossier.db", noise);
      archive.close();
    }
    std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
    const auto message = errorOf([&] { readAll(file); });
    EXPECT_NE(message.find("The backup " + file.string() + " cannot be read"), std::string::npos)
        << name << ": " << message;
    EXPECT_NE(message.find("It is damaged or cut short"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace dossier::backup
