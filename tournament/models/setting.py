from __future__ import annotations

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base


class AppSetting(Base):
    """A laptop-wide setting the organiser changes in the app (not per event), such as the
    address printed in QR codes. Kept in the database so it survives a restart."""

    __tablename__ = "app_settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
