"""The room's fixtures (an event of three tables, an anonymous phone) for the phones' tests."""

from tests.room.conftest import event_id, phone  # noqa: F401  (fixtures)
