/* ui_page.h -- private to the ui: the pages of a full-screen run.
 *
 * When term->screen is set, the first prompt, menu or game opens the
 * page on the run's curses session (ui_screen.c), and it stays until
 * ui_page_end(). A page is a title line, a text area and a prompt line:
 * everything the line interface prints (term->out, which becomes a
 * stream into the page, and ui_say() and ui_error(), through term->sink)
 * lands in the text area, scrolled with PgUp and PgDn; prompts are read
 * on the prompt line with editing; menus are a list with a highlighted
 * item. A game (ui_screen_game.c, ui_watch.c) or a replay (ui_replay.c)
 * draws over the page and gives it back when it ends. Who calls here:
 * ui.c (prompts, menus) and ui_account.c (passwords) on the page itself;
 * ui_records.c (a replay), ui_screen_game.c (a game) and ui_watch.c (a
 * watch) to know whether the run is full-screen; each keeps its line way
 * when ui_page_active() says no. ui_replay.c draws the page again when
 * its replay ends. The page sees the terminal alone (struct ui_term):
 * what Tab answers is the terminal's struct ui_tab.
 */
#ifndef GOMOKU_UI_PAGE_H
#define GOMOKU_UI_PAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "auth.h"
#include "ui_types.h"

struct ui_table;

/* Whether the run is full-screen: opens the page (and the curses
 * session) at the first call when term->screen is set; from then on
 * term->out and term->sink write into the page. Return true when the
 * page is up; false when term->screen is not set or the terminal cannot
 * be used, and then term->screen is turned off, so the line interface
 * goes on (nothing to undo). */
bool ui_page_active(struct ui_term *term);

/* ui_read_until() on the page's prompt line: Backspace, Delete, Left,
 * Right, Home, End (and Ctrl-A, Ctrl-E) edit, Enter ends the line, Esc
 * empties it and ends it (as Enter on an empty line would), PgUp and
 * PgDn scroll the text. The line is at most TERM_LINE_MAX bytes of
 * UTF-8 (further keys are refused) and is copied, with its prompt,
 * into the page's text. Return UI_OK with the line in buf (the
 * caller's buf[TERM_LINE_MAX + 1]) and *len; UI_EOF (Ctrl-D, or the
 * terminal gone), UI_INTERRUPTED (a stop signal) or UI_TIMEOUT
 * (`deadline` passed, in term_now_ms() time; 0 = none), with no line. */
enum ui_status ui_page_read(struct ui_term *term, const char *prompt, char *buf,
			    size_t *len, long long deadline);

/* ui_page_read() that, while it waits for keys, calls moved(ctx, &said)
 * whenever wake_fd (-1: none) wakes it or a while has passed; when it
 * said something (*said) the page is drawn again, and when it returns
 * other than UI_OK the read ends with that (ui_read_watched() on the
 * page). */
enum ui_status
ui_page_read_watched(struct ui_term *term, const char *prompt, char *buf,
		     size_t *len, int wake_fd,
		     enum ui_status (*moved)(void *ctx, bool *said), void *ctx);

/* The columns of a menu's widest key among keys[0..n), so that both
 * front ends right-align the keys ("   1  ..." above "  10  ..."). */
int ui_menu_key_width(const int keys[], int n);

/* ui_menu() as a page: `title`, the text printed since the last choice,
 * then the items "  1  Register", one highlighted. Up and Down (and k
 * and j) move the highlight and Enter chooses it; a number key chooses
 * its item at once; a click on an item chooses it. A choice clears the
 * text and titles the page with the item's label. Return UI_OK with
 * the key in *choice, or UI_EOF or UI_INTERRUPTED (*choice unchanged).
 * With `esc_back`, Esc chooses the item keyed 0 (Back), if there is one. */
enum ui_status ui_page_menu(struct ui_term *term, const char *title,
			    const char *const labels[], const int keys[], int n,
			    int *choice, bool esc_back);

/* auth_secret_read() with `prompt` on the page's prompt line: the
 * terminal is given its own line editing, echo off, for the read, so
 * the password goes from the terminal into *pw and nowhere else (not
 * curses' input queue, not the page); nothing is shown as it is typed.
 * The prompt alone is copied into the text. The same results as
 * auth_secret_read(). */
enum auth_read ui_page_secret(struct ui_term *term, const char *prompt,
			      struct auth_secret *pw);

/* Add table t (taken: the page frees it) to the page's text, laid out
 * to the window's width each time the page is drawn, and so printed
 * when the page ends. The page must be up (term->page). */
void ui_page_table(struct ui_term *term, struct ui_table *t);

/* Draw the page again, at once (after a screen of its own, such as a
 * replay, drew over it). */
void ui_page_redraw(struct ui_term *term);

/* Title the page `title` (cut to fit), its text kept: what a wait that
 * follows a menu is about ("Find a game" above a posted seek, not the
 * last step's choice). Does nothing when no page is up. */
void ui_page_title(struct ui_term *term, const char *title);
/* End the full-screen run, if one began: the terminal is given back as
 * it was, and the text of the last page is printed on the output (its
 * errors on standard error), for the terminal to keep. Then term->out
 * and term->sink are what they were before. Does nothing otherwise;
 * cannot fail. */
void ui_page_end(struct ui_term *term);

#endif
