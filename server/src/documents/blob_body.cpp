#include "documents/blob_body.hpp"

#include <memory>
#include <stdexcept>

namespace dossier::documents {

namespace {

class BlobBody final : public http::BodySource {
 public:
  explicit BlobBody(std::unique_ptr<blobs::BlobStore::Reader> reader)
      : reader_(std::move(reader)) {}

  std::size_t read(std::uint64_t offset, std::span<char> into) override {
    auto got = reader_->read(offset, into);
    if (!got) {
      throw std::runtime_error(got.error().message);
    }
    return *got;
  }

 private:
  std::unique_ptr<blobs::BlobStore::Reader> reader_;
};

}  // namespace

Status answerWithBlob(http::Response& response, const blobs::BlobStore& store,
                      const std::string& sha256) {
  auto reader = store.open(sha256);
  if (!reader) {
    return std::move(reader).error();
  }
  if (auto path = (*reader)->localPath()) {
    response.file = std::move(*path);
  } else {
    response.source = std::make_shared<BlobBody>(std::move(*reader));
  }
  return {};
}

}  // namespace dossier::documents
