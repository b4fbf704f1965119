void install_handler(void);
void spawn_session(void);
void spawn_plain(void);

int main(void) {
  install_handler();
  spawn_session();
  spawn_plain();
  for (;;)
    ;
}
