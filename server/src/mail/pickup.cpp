#include "mail/pickup.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>

#include "core/crypto.hpp"
#include "core/file_descriptor.hpp"
#include "mail/errors.hpp"

namespace dossier::mail {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTemporaryPrefix = ".writing-";

std::string reason(int error) {
  return std::strerror(error);
}

// Writes all of text to a new file and flushes it to the disk; errno tells why not.
bool writeWhole(const fs::path& file, const std::string& text) {
  const int descriptor =
      ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0640);
  if (descriptor < 0) {
    return false;
  }
  if (!writeAll(descriptor, text) || ::fsync(descriptor) != 0) {
    const int error = errno;
    ::close(descriptor);
    errno = error;
    return false;
  }
  return ::close(descriptor) == 0;
}

// A rename is kept across a crash once the folder that holds the name is on the disk too.
void syncFolder(const fs::path& folder) {
  const int descriptor = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptor >= 0) {
    ::fsync(descriptor);
    ::close(descriptor);
  }
}

std::size_t messagesIn(const fs::path& folder) {
  std::size_t count = 0;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    count += it->path().extension() == ".eml" ? 1 : 0;
  }
  return count;
}

std::string megabytes(std::size_t bytes) {
  return std::to_string((bytes + 1024 * 1024 - 1) / (1024 * 1024)) + " MB";
}

}  // namespace

Status preparePickupFolder(const fs::path& folder) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) {
    return Error::of(errors::kPickupFolder, "The mail pickup folder " + folder.string() +
                                                " cannot be made: " + ec.message() + ".");
  }
  const auto probe = folder / (std::string(kTemporaryPrefix) + "check-" + randomHex(8));
  if (!writeWhole(probe, "")) {
    const auto why = reason(errno);
    fs::remove(probe, ec);
    return Error::of(errors::kPickupFolder, "The mail pickup folder " + folder.string() +
                                                " cannot be written: " + why + ".");
  }
  fs::remove(probe, ec);
  return {};
}

std::string pickupFileName(const std::string& subject, std::chrono::system_clock::time_point now) {
  const auto seconds = std::chrono::system_clock::to_time_t(now);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
  std::string words;
  for (const char c : subject) {
    const bool letter = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    const bool capital = c >= 'A' && c <= 'Z';
    if (letter || capital) {
      if (words.size() >= kMaxSubjectInFileName) {
        break;
      }
      words += capital ? static_cast<char>(c - 'A' + 'a') : c;
    } else if (!words.empty() && words.back() != '-') {
      words += '-';
    }
  }
  while (!words.empty() && words.back() == '-') {
    words.pop_back();
  }
  return std::string(stamp) + "-" + randomHex(8) + (words.empty() ? "" : "-" + words) + ".eml";
}

Result<fs::path> writeToPickup(const fs::path& folder, const std::string& subject,
                               const std::string& text, std::chrono::system_clock::time_point now) {
  if (text.size() > kMaxPickupMessageBytes) {
    return Error::of(errors::kTooLarge, "The e-mail is " + megabytes(text.size()) +
                                            ", more than the " + megabytes(kMaxPickupMessageBytes) +
                                            " one may be.");
  }
  if (messagesIn(folder) >= kMaxPickupMessages) {
    return Error::of(errors::kPickupFull,
                     "The e-mail was not sent: " + std::to_string(kMaxPickupMessages) +
                         " messages are waiting in the mail pickup folder already. "
                         "Ask an administrator to clear it.");
  }
  const auto temporary = folder / (std::string(kTemporaryPrefix) + randomHex(8));
  if (!writeWhole(temporary, text)) {
    const auto why = reason(errno);
    std::error_code ec;
    fs::remove(temporary, ec);
    return Error::of(errors::kPickupWrite,
                     "The e-mail could not be written to the mail pickup folder: " + why + ".");
  }
  const auto target = folder / pickupFileName(subject, now);
  if (::rename(temporary.c_str(), target.c_str()) != 0) {
    const auto why = reason(errno);
    std::error_code ec;
    fs::remove(temporary, ec);
    return Error::of(errors::kPickupWrite,
                     "The e-mail could not be written to the mail pickup folder: " + why + ".");
  }
  syncFolder(folder);
  return target;
}

}  // namespace dossier::mail
