#include "outbound/https_client.hpp"

#include <cctype>
#include <curl/curl.h>
#include <memory>

namespace dossier::outbound {

namespace {

struct Collected {
  std::string body;
  std::size_t maxBytes = 0;
  bool tooLong = false;
};

std::size_t collect(char* data, std::size_t size, std::size_t count, void* target) {
  auto& collected = *static_cast<Collected*>(target);
  const auto bytes = size * count;
  if (collected.body.size() + bytes > collected.maxBytes) {
    collected.tooLong = true;
    return 0;  // curl stops with a write error
  }
  collected.body.append(data, bytes);
  return bytes;
}

struct CurlDeleter {
  void operator()(CURL* curl) const { curl_easy_cleanup(curl); }
};
struct ListDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

}  // namespace

std::string formEncoded(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string encoded;
  encoded.reserve(text.size());
  for (const unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      encoded.push_back(static_cast<char>(c));
    } else {
      encoded.push_back('%');
      encoded.push_back(kHex[c >> 4]);
      encoded.push_back(kHex[c & 0x0F]);
    }
  }
  return encoded;
}

HttpsResponse fetchOverHttps(const HttpsRequest& request) {
  HttpsResponse response;
  std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
  if (!curl) {
    response.problem = "the HTTP library could not start";
    return response;
  }
  auto* handle = curl.get();
  Collected collected{{}, request.maxBytes, false};
  char problem[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(handle, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "https");
  curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, 5L);
  curl_easy_setopt(handle, CURLOPT_TIMEOUT, static_cast<long>(request.timeout.count()));
  curl_easy_setopt(handle, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(handle, CURLOPT_SSL_VERIFYHOST, 2L);
  curl_easy_setopt(handle, CURLOPT_SSLVERSION, static_cast<long>(CURL_SSLVERSION_TLSv1_2));
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, problem);
  curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(handle, CURLOPT_WRITEDATA, &collected);
  curl_easy_setopt(handle, CURLOPT_USERAGENT, "Dossier");
  const auto caFile = request.caFile.string();
  if (!caFile.empty()) {
    // Beside the system's authorities, not instead of them: the file replaces the system's
    // bundle, and the system's folder of authorities is still read.
    curl_easy_setopt(handle, CURLOPT_CAINFO, caFile.c_str());
    curl_easy_setopt(handle, CURLOPT_CAPATH, "/etc/ssl/certs");
  }
  std::string body;
  if (!request.form.empty()) {
    for (const auto& [name, value] : request.form) {
      if (!body.empty()) {
        body.push_back('&');
      }
      body += formEncoded(name) + "=" + formEncoded(value);
    }
    curl_easy_setopt(handle, CURLOPT_POST, 1L);
    curl_easy_setopt(handle, CURLOPT_POSTFIELDS, body.c_str());
    curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  }
  std::unique_ptr<curl_slist, ListDeleter> headers(
      curl_slist_append(nullptr, "Accept: application/json"));
  curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers.get());
  if (!request.user.empty()) {
    curl_easy_setopt(handle, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);
    curl_easy_setopt(handle, CURLOPT_USERNAME, request.user.c_str());
    curl_easy_setopt(handle, CURLOPT_PASSWORD, request.password.c_str());
  }
  const auto result = curl_easy_perform(handle);
  if (result != CURLE_OK) {
    response.problem =
        collected.tooLong
            ? "the answer is longer than " + std::to_string(request.maxBytes) + " bytes"
            : std::string(problem[0] != '\0' ? problem : curl_easy_strerror(result));
    return response;
  }
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &response.status);
  char* contentType = nullptr;
  curl_easy_getinfo(handle, CURLINFO_CONTENT_TYPE, &contentType);
  if (contentType != nullptr) {
    response.contentType = contentType;
  }
  response.body = std::move(collected.body);
  return response;
}

}  // namespace dossier::outbound
