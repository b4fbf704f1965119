// Sixty nested lambdas; the innermost reaps.
// RUN: %check_tidy %s %t -- %tidy -- -std=c++17
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void nested() {
  pid_t pid = fork(); // no-warning: the innermost lambda reaps
  if (pid == 0)
    _exit(0);
  auto l0 = [&] {
    auto l1 = [&] {
      auto l2 = [&] {
        auto l3 = [&] {
          auto l4 = [&] {
            auto l5 = [&] {
              auto l6 = [&] {
                auto l7 = [&] {
                  auto l8 = [&] {
                    auto l9 = [&] {
                      auto l10 = [&] {
                        auto l11 = [&] {
                          auto l12 = [&] {
                            auto l13 = [&] {
                              auto l14 = [&] {
                                auto l15 = [&] {
                                  auto l16 = [&] {
                                    auto l17 = [&] {
                                      auto l18 = [&] {
                                        auto l19 = [&] {
                                          auto l20 = [&] {
                                            auto l21 = [&] {
                                              auto l22 = [&] {
                                                auto l23 = [&] {
                                                  auto l24 = [&] {
                                                    auto l25 = [&] {
                                                      auto l26 = [&] {
                                                        auto l27 = [&] {
                                                          auto l28 = [&] {
                                                            auto l29 = [&] {
                                                              auto l30 = [&] {
                                                                auto l31 = [&] {
                                                                  auto l32 = [&] {
                                                                    auto l33 = [&] {
                                                                      auto l34 = [&] {
                                                                        auto l35 = [&] {
                                                                          auto l36 = [&] {
                                                                            auto l37 = [&] {
                                                                              auto l38 = [&] {
                                                                                auto l39 = [&] {
                                                                                  auto l40 = [&] {
                                                                                    auto l41 = [&] {
                                                                                      auto l42 = [&] {
                                                                                        auto l43 = [&] {
                                                                                          auto l44 = [&] {
                                                                                            auto l45 = [&] {
                                                                                              auto l46 = [&] {
                                                                                                auto l47 = [&] {
                                                                                                  auto l48 = [&] {
                                                                                                    auto l49 = [&] {
                                                                                                      auto l50 = [&] {
                                                                                                        auto l51 = [&] {
                                                                                                          auto l52 = [&] {
                                                                                                            auto l53 = [&] {
                                                                                                              auto l54 = [&] {
                                                                                                                auto l55 = [&] {
                                                                                                                  auto l56 = [&] {
                                                                                                                    auto l57 = [&] {
                                                                                                                      auto l58 = [&] {
                                                                                                                        auto l59 = [&] {
                                                                                                                          waitpid(pid, nullptr, 0);
                                                                                                                          
                                                                                                                        };
                                                                                                                        l59();
                                                                                                                      };
                                                                                                                      l58();
                                                                                                                    };
                                                                                                                    l57();
                                                                                                                  };
                                                                                                                  l56();
                                                                                                                };
                                                                                                                l55();
                                                                                                              };
                                                                                                              l54();
                                                                                                            };
                                                                                                            l53();
                                                                                                          };
                                                                                                          l52();
                                                                                                        };
                                                                                                        l51();
                                                                                                      };
                                                                                                      l50();
                                                                                                    };
                                                                                                    l49();
                                                                                                  };
                                                                                                  l48();
                                                                                                };
                                                                                                l47();
                                                                                              };
                                                                                              l46();
                                                                                            };
                                                                                            l45();
                                                                                          };
                                                                                          l44();
                                                                                        };
                                                                                        l43();
                                                                                      };
                                                                                      l42();
                                                                                    };
                                                                                    l41();
                                                                                  };
                                                                                  l40();
                                                                                };
                                                                                l39();
                                                                              };
                                                                              l38();
                                                                            };
                                                                            l37();
                                                                          };
                                                                          l36();
                                                                        };
                                                                        l35();
                                                                      };
                                                                      l34();
                                                                    };
                                                                    l33();
                                                                  };
                                                                  l32();
                                                                };
                                                                l31();
                                                              };
                                                              l30();
                                                            };
                                                            l29();
                                                          };
                                                          l28();
                                                        };
                                                        l27();
                                                      };
                                                      l26();
                                                    };
                                                    l25();
                                                  };
                                                  l24();
                                                };
                                                l23();
                                              };
                                              l22();
                                            };
                                            l21();
                                          };
                                          l20();
                                        };
                                        l19();
                                      };
                                      l18();
                                    };
                                    l17();
                                  };
                                  l16();
                                };
                                l15();
                              };
                              l14();
                            };
                            l13();
                          };
                          l12();
                        };
                        l11();
                      };
                      l10();
                    };
                    l9();
                  };
                  l8();
                };
                l7();
              };
              l6();
            };
            l5();
          };
          l4();
        };
        l3();
      };
      l2();
    };
    l1();
  };
  l0();
}

void nested_leak() {
  pid_t pid = fork();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: child process 'pid' started by 'fork' is never reaped [process-unreaped-child]
  auto a = [&] { auto b = [&] { auto c = [&] { return pid > 0; }; return c(); }; return b(); };
  (void)a();
}
