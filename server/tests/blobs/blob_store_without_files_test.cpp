// A blob store that keeps no files of its own — as one in a shared database will — so that what
// the interface does for such a store (a LocalFile that is a temporary copy, a finished file taken
// in by copying it) is tested now, and the contract is seen to fit a store that is not files.

#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>

#include <gtest/gtest.h>

#include "blobs/blob_store.hpp"
#include "blobs/blob_store_contract.hpp"
#include "blobs/errors.hpp"
#include "core/crypto.hpp"
#include "support/temp_folder.hpp"

namespace dossier::blobs {
namespace {

namespace fs = std::filesystem;

class MemoryBlobStore final : public BlobStore {
 public:
  struct Stored {
    std::string content;
    std::chrono::steady_clock::time_point at;
  };

  Result<std::unique_ptr<Writer>> begin() override {
    return std::unique_ptr<Writer>(std::make_unique<MemoryWriter>(*this));
  }

  bool contains(const std::string& sha256) const override {
    std::lock_guard lock(mutex_);
    return blobs_.contains(sha256);
  }

  Result<std::unique_ptr<Reader>> open(const std::string& sha256) const override {
    std::lock_guard lock(mutex_);
    const auto found = blobs_.find(sha256);
    if (found == blobs_.end()) {
      return Error::of(errors::kNotFound, "not stored");
    }
    return std::unique_ptr<Reader>(std::make_unique<MemoryReader>(found->second.content));
  }

  int sweep(const std::function<bool(const std::string& sha256)>& referenced,
            std::chrono::seconds staleAfter) override {
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    return static_cast<int>(std::erase_if(blobs_, [&](const auto& entry) {
      return now - entry.second.at > staleAfter && !referenced(entry.first);
    }));
  }

  void age(const std::string& sha256, std::chrono::seconds by) {
    std::lock_guard lock(mutex_);
    blobs_.at(sha256).at -= by;
  }

 private:
  class MemoryWriter final : public Writer {
   public:
    explicit MemoryWriter(MemoryBlobStore& store) : store_(store) {}
    Status append(std::string_view bytes) override {
      if (closed_) {
        return Error::of(errors::kClosed, "append after commit");
      }
      sha_.update(bytes);
      content_.append(bytes);
      return {};
    }
    std::uint64_t size() const override { return content_.size(); }
    Result<BlobId> commit() override {
      if (closed_) {
        return Error::of(errors::kClosed, "commit twice");
      }
      closed_ = true;
      BlobId id{sha_.hexDigest(), content_.size()};
      std::lock_guard lock(store_.mutex_);
      store_.blobs_.try_emplace(id.sha256,
                                Stored{std::move(content_), std::chrono::steady_clock::now()});
      return id;
    }

   private:
    MemoryBlobStore& store_;
    Sha256Stream sha_;
    std::string content_;
    bool closed_ = false;
  };

  class MemoryReader final : public Reader {
   public:
    explicit MemoryReader(std::string content) : content_(std::move(content)) {}
    std::uint64_t size() const override { return content_.size(); }
    Result<std::size_t> read(std::uint64_t offset, std::span<char> buffer) override {
      if (offset >= content_.size()) {
        return std::size_t{0};
      }
      return content_.copy(buffer.data(), buffer.size(), offset);
    }

   private:
    std::string content_;
  };

  mutable std::mutex mutex_;
  std::map<std::string, Stored> blobs_;
};

class MemoryBlobStoreHarness {
 public:
  BlobStore& store() { return store_; }
  void age(const std::string& sha256, std::chrono::seconds by) { store_.age(sha256, by); }

 private:
  MemoryBlobStore store_;
};

using namespace contract;  // the suite's names, which the macro below spells unqualified
INSTANTIATE_TYPED_TEST_SUITE_P(WithoutFiles, BlobStoreContract, MemoryBlobStoreHarness);

TEST(BlobStoreWithoutFiles, HandsOutATemporaryCopyForWhatNeedsAPathRemovedWhenItIsDone) {
  MemoryBlobStore store;
  const auto id = *store.put("a scanned letter for the text reader");
  fs::path copy;
  {
    const auto file = store.localFile(id.sha256);
    ASSERT_TRUE(file.ok()) << file.error().message;
    EXPECT_TRUE(file->temporary());
    copy = file->path();
    EXPECT_EQ(contract::contentOf(copy), "a scanned letter for the text reader");
  }
  EXPECT_FALSE(fs::exists(copy));
}

TEST(BlobStoreWithoutFiles, AMovedLocalFileIsRemovedOnceByItsLastHolder) {
  MemoryBlobStore store;
  const auto id = *store.put("held by a download until it is sent");
  auto file = store.localFile(id.sha256).value();
  const auto copy = file.path();
  {
    const auto held = std::make_shared<LocalFile>(std::move(file));
    EXPECT_TRUE(fs::exists(copy)) << "moving it keeps it";
  }
  EXPECT_FALSE(fs::exists(copy));
}

TEST(BlobStoreWithoutFiles, AFinishedFileIsCopiedInAndMustHoldWhatItsHashSays) {
  MemoryBlobStore store;
  testing::TempFolder scratch;
  const auto finished = scratch.write("data", "what arrived");
  const auto wrong = store.adopt(finished, sha256Hex("what was announced"), 12);
  ASSERT_FALSE(wrong.ok());
  EXPECT_TRUE(wrong.error().is(errors::kBadHash));
  EXPECT_FALSE(fs::exists(finished)) << "the file goes either way";
}

}  // namespace
}  // namespace dossier::blobs
