// amr_registry.hpp (amr: active-message runtime): the handlers and the mobile types of the runtime,
// by small integer ids.
//
// Why built so: a message names its handler, and a migrated state names its object's type, by
// a number every rank understands, never by a function pointer (ranks may load code at
// different addresses). The numbers are registration order, so every rank must register the
// same handlers and types in the same order; a number a rank does not know is reported, not
// guessed at (amr_runtime.hpp). A handler is typed: it runs on objects of its type T (or
// derived from it), checked at each call, so a handler invoked on the wrong kind of object is
// an error with both type names, never undefined behaviour. The check is a comparison of
// type_info when the object is exactly a T (the usual case, and a few instructions) and a
// dynamic_cast otherwise (a derived type, or T deriving virtually from Mobile, where no
// static_cast exists): a dynamic_cast on every call was a tenth of the runtime's own cost per
// small message. No MPI here.
#pragma once

#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <utility>
#include <vector>

#include "amr/amr_pack.hpp"

#if defined(__has_include)
#if __has_include(<cxxabi.h>)
#include <cxxabi.h>
#define AMR_HAVE_CXXABI 1
#endif
#endif

namespace amr {

// A readable type name where the compiler offers a demangler, the raw one elsewhere.
inline std::string type_name(const std::type_info& t) {
#ifdef AMR_HAVE_CXXABI
  int status = 0;
  char* s = abi::__cxa_demangle(t.name(), nullptr, nullptr, &status);
  if (s) {
    std::string r(s);
    std::free(s);
    return r;
  }
#endif
  return t.name();
}

template <class T>
struct Handler {  // a registered handler for objects of type T; id is its number
  int id = -1;
};

namespace detail {
template <class T, class = void>
struct DownCast {  // T derives virtually from Mobile: only dynamic_cast can go down
  static T* from(Mobile& o) { return dynamic_cast<T*>(&o); }
};
template <class T>
struct DownCast<T, std::void_t<decltype(static_cast<T*>(std::declval<Mobile*>()))>> {
  static T* from(Mobile& o) {
    return typeid(o) == typeid(T) ? static_cast<T*>(&o) : dynamic_cast<T*>(&o);
  }
};
}  // namespace detail

class Registry {
 public:
  template <class T, class F>
  Handler<T> add_handler(F fn, std::string name) {
    static_assert(std::is_base_of_v<Mobile, T>, "handlers run on amr::Mobile objects");
    const int id = int(handlers_.size());
    Rec r;
    r.name = name.empty() ? "#" + std::to_string(id) : std::move(name);
    r.type = type_name(typeid(T));
    r.call = [f = std::move(fn)](Mobile& o, Message& m) mutable {
      T* t = detail::DownCast<T>::from(o);
      if (!t) return false;
      f(*t, m);
      return true;
    };
    handlers_.push_back(std::move(r));
    return Handler<T>{id};
  }

  template <class T>
  int add_type() {
    static_assert(std::is_base_of_v<Mobile, T> && std::is_default_constructible_v<T>,
                  "a mobile type derives from amr::Mobile and is default-constructible");
    const std::type_index ti(typeid(T));
    for (std::size_t i = 0; i < types_.size(); ++i)
      if (types_[i].type == ti) return int(i);
    types_.push_back({ti, type_name(typeid(T)), [] { return std::unique_ptr<Mobile>(new T()); }});
    return int(types_.size()) - 1;
  }

  int handlers() const { return int(handlers_.size()); }
  bool known(int id) const { return id >= 0 && id < handlers(); }
  std::string describe(int id) const {  // "handler 3 ('add')", for error lines
    std::string s = "handler " + std::to_string(id);
    if (known(id)) s += " ('" + handlers_[std::size_t(id)].name + "')";
    return s;
  }
  const std::string& handler_type(int id) const { return handlers_[std::size_t(id)].type; }
  // Runs handler id on o; false when o is not of the handler's type.
  bool call(int id, Mobile& o, Message& m) const { return handlers_[std::size_t(id)].call(o, m); }

  int type_of(const Mobile& o) const {  // -1: never registered
    const std::type_index ti(typeid(o));
    for (std::size_t i = 0; i < types_.size(); ++i)
      if (types_[i].type == ti) return int(i);
    return -1;
  }
  bool known_type(int t) const { return t >= 0 && t < int(types_.size()); }
  std::unique_ptr<Mobile> make(int t) const { return types_[std::size_t(t)].make(); }
  const std::string& type(int t) const { return types_[std::size_t(t)].name; }

 private:
  struct Rec {
    std::string name, type;
    std::function<bool(Mobile&, Message&)> call;
  };
  struct TypeRec {
    std::type_index type;
    std::string name;
    std::function<std::unique_ptr<Mobile>()> make;
  };
  std::vector<Rec> handlers_;
  std::vector<TypeRec> types_;
};

}  // namespace amr
