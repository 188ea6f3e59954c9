"""Two changes to one event commit one after the other, but their announcements leave from two
request threads and may arrive in either order. The later revision stands: a screen is never
told an older one after a newer, and a screen coming back from the older one catches up."""

from __future__ import annotations

from tests.push.streams import Stream, path_of
from tournament import push


def test_an_older_revision_announced_late_neither_reaches_screens_nor_replaces_the_newer(app, live_server):
    hub = push.hub_of(app)
    port = int(live_server.effective_port)
    event_id = 41
    hub.publish(event_id, revision=6)
    watching = Stream(port, path_of(app, event_id))
    try:
        assert watching.opened() and watching.wait_for(lambda s: s.messages == ["6"])
        hub.publish(event_id, revision=5)  # committed just before 6, its thread announced it last
        watching.quiet_for(0.3)
        assert watching.messages == ["6"]
        back = Stream(port, path_of(app, event_id), last_event_id="5")
        try:
            assert back.opened() and back.wait_for(lambda s: s.messages == ["6"])
        finally:
            back.close()
    finally:
        watching.close()


def test_a_tables_older_clock_announced_late_does_not_replace_the_newer(app, live_server):
    hub = push.hub_of(app)
    port = int(live_server.effective_port)
    hub.publish(41, revision=3)
    hub.publish(41, table_id=7, clock=5)
    hub.publish(41, table_id=7, clock=4)
    back = Stream(port, path_of(app, 41, 7), last_event_id="3.4")
    try:
        assert back.opened() and back.wait_for(lambda s: s.messages == ["3.5"])
    finally:
        back.close()
